import { loadEnv } from '../env.ts';
import { generatePassword, openDatabase } from '../bootstrap.ts';
import { runCommand } from './run-command.ts';
import { upsertAdmin } from '../features/admin-auth/admin-auth.service.ts';
import { UserInput } from '@post/contracts/admin-auth';

// `pnpm admin create|reset <username> [password]`: creates an administrator or resets one's
// password (and ends their sessions). A reset also re-enables the account and clears its
// two-factor sign-in (a lost phone): the person turns it on again after signing in. Without a
// password, one is generated and printed. While the site runs on the embedded database, this
// works on the running server's database (decision 0057).
async function run(): Promise<number> {
  const [command, username, given] = process.argv.slice(2);
  if (!['create', 'reset'].includes(command ?? '') || !username) {
    console.error('Usage: npx -y pnpm@10 run admin create <username> [password]\n       npx -y pnpm@10 run admin reset <username> [password]');
    return 2;
  }
  const password = given ?? generatePassword();
  const check = UserInput.safeParse({ username, password });
  if (!check.success) {
    console.error(check.error.issues.map((i) => i.message).join('\n'));
    return 2;
  }
  const env = loadEnv();
  const handle = await openDatabase(env, (line) => console.error(line), { whenRunning: 'share' });
  try {
    const exists = await handle.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (command === 'reset' && !exists) {
      console.error(`No administrator named '${username}'. Use: ${env.adminCommand} create ${username}`);
      return 1;
    }
    if (command === 'create' && exists) {
      console.error(`'${username}' already exists. Use: ${env.adminCommand} reset ${username}`);
      return 1;
    }
    const what = await upsertAdmin(handle.db, username, password, { clearTwoFactor: command === 'reset' });
    console.log(
      `Administrator '${username}' ${what === 'created' ? 'created' : what === 'reset' ? 'password reset, two-factor sign-in cleared, account enabled; their sessions were ended' : 'already has that password'}.`,
    );
    if (!given) console.log(`Password: ${password}`);
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(run);
