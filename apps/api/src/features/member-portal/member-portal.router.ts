import { z } from 'zod';
import { MemberCommunicationSchema } from '@post/contracts/member-communications';
import { PortalResourceSchema } from '@post/contracts/member-resources';
import { memberProcedure, router } from '../../trpc.ts';
import * as service from './member-portal.service.ts';

const tags = ['Member portal'];

/** What a signed-in member reads in the portal; the server applies the audience rules. */
export const memberPortalRouter = router({
  communications: memberProcedure
    .meta({ openapi: { method: 'GET', path: '/member/communications', tags, summary: 'Communications for this member, newest first', protect: true } })
    .input(z.void())
    .output(z.array(MemberCommunicationSchema))
    .query(({ ctx }) => service.communicationsForMember(ctx.db, ctx.member)),
  resources: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/member/resources',
        tags,
        summary: 'Resources this member may open (download: /member/resources/{id}/download)',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(PortalResourceSchema))
    .query(({ ctx }) => service.portalResources(ctx.db, ctx.member)),
});
