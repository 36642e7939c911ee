import type { DeveloperGrants } from '../modules/apps/index.js';
import type { CommandOutput } from './operator-command.js';

/** Exit codes an operator's script can tell apart (sysexits.h where one fits). */
export const DevelopersExit = {
  ok: 0,
  /** The e-mail belongs to no customer. */
  noSuchCustomer: 1,
  /** EX_USAGE: an unknown command, a missing e-mail or extra words. */
  usage: 64,
  /** EX_CONFIG: a bad variable, or a database that cannot be opened. */
  config: 78,
} as const;

export const DEVELOPERS_USAGE = `Usage: npm run developers -- <command>

  grant EMAIL    let the customer with this e-mail address create developer apps
  revoke EMAIL   take it back (the apps they already have stay theirs)
  list           everyone who may create developer apps

It uses the database of npm start: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR.
`;

export type DevelopersCommand =
  | { kind: 'grant' | 'revoke'; email: string }
  | { kind: 'list' }
  | { kind: 'help' }
  | { kind: 'usage'; problem: string };

/** The command line after `--`, checked before any database is opened. */
export function parseDevelopersArgs(args: readonly string[]): DevelopersCommand {
  const [command, email, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help') return { kind: 'help' };
  if (command === 'grant' || command === 'revoke') {
    if (!email?.trim()) return { kind: 'usage', problem: `${command} needs an e-mail address.` };
    if (rest.length > 0) return { kind: 'usage', problem: `${command} takes one e-mail address.` };
    return { kind: command, email: email.trim() };
  }
  if (command === 'list')
    return email === undefined
      ? { kind: 'list' }
      : { kind: 'usage', problem: 'list takes no e-mail.' };
  return { kind: 'usage', problem: `Unknown command "${command}".` };
}

/** Runs a database command against the grants; answers the exit code. */
export async function runDevelopersCommand(
  command: Extract<DevelopersCommand, { kind: 'grant' | 'revoke' | 'list' }>,
  grants: DeveloperGrants,
  io: CommandOutput,
): Promise<number> {
  if (command.kind === 'list') {
    const developers = await grants.list();
    if (developers.length === 0) io.out('Nobody may create developer apps yet.\n');
    for (const developer of developers)
      io.out(
        `${developer.email}\t${developer.name}\tsince ${developer.developerSince.toISOString()}\n`,
      );
    return DevelopersExit.ok;
  }
  const done =
    command.kind === 'grant'
      ? await grants.grant(command.email)
      : await grants.revoke(command.email);
  if (!done) {
    io.err(`No customer has the e-mail address ${command.email}. Nothing was changed.\n`);
    return DevelopersExit.noSuchCustomer;
  }
  io.out(
    command.kind === 'grant'
      ? `${done.email} may now create developer apps.\n`
      : `${done.email} may no longer create developer apps.\n`,
  );
  return DevelopersExit.ok;
}
