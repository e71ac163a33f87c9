import { router } from '../../trpc.ts';
import { postCommanderProcedure } from './post-commander.router.ts';

/** The member directory (administrators) and the public Post Commander name. */
export const membersRouter = router({
  postCommander: postCommanderProcedure,
});
