import { OPERATOR_ROLES, type OperatorRole } from '@animata/contracts';
import type { OperatorGrants } from '../modules/operators/index.js';
import type { CommandOutput } from './operator-command.js';

/** Exit codes an operator's script can tell apart (as `npm run developers`'). */
export const OperatorsExit = {
  ok: 0,
  /** The e-mail belongs to no customer. */
  noSuchCustomer: 1,
  /** EX_USAGE: an unknown command, a missing e-mail or role, or extra words. */
  usage: 64,
  /** EX_CONFIG: a bad variable, or a database that cannot be opened. */
  config: 78,
} as const;

export const OPERATORS_USAGE = `Usage: npm run operators -- <command>

  grant EMAIL --role support|admin
                 let the customer with this e-mail address open the queue dashboard at
                 /admin/queues: support may look, admin may also retry, promote and remove jobs
                 (granting again changes the role)
  revoke EMAIL   take the role back
  list           every operator and their role

It uses the database of npm start: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR.
`;

export type OperatorsCommand =
  | { kind: 'grant'; email: string; role: OperatorRole }
  | { kind: 'revoke'; email: string }
  | { kind: 'list' }
  | { kind: 'help' }
  | { kind: 'usage'; problem: string };

const ROLE_CHOICES = OPERATOR_ROLES.join(' or ');

function isRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The command line after `--`, checked before any database is opened. */
export function parseOperatorsArgs(args: readonly string[]): OperatorsCommand {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help') return { kind: 'help' };
  if (command === 'list')
    return rest.length === 0 ? { kind: 'list' } : { kind: 'usage', problem: 'list takes nothing.' };
  if (command === 'revoke') {
    const [email, ...extra] = rest;
    if (!email?.trim()) return { kind: 'usage', problem: 'revoke needs an e-mail address.' };
    if (extra.length > 0) return { kind: 'usage', problem: 'revoke takes one e-mail address.' };
    return { kind: 'revoke', email: email.trim() };
  }
  if (command === 'grant') {
    let email: string | undefined;
    let role: string | undefined;
    for (let i = 0; i < rest.length; i += 1) {
      const word = rest[i]!;
      if (word === '--role') {
        if (role !== undefined) return { kind: 'usage', problem: 'grant takes one --role.' };
        role = rest[(i += 1)] ?? '';
      } else if (word.startsWith('--role=')) {
        if (role !== undefined) return { kind: 'usage', problem: 'grant takes one --role.' };
        role = word.slice('--role='.length);
      } else if (email === undefined) {
        email = word;
      } else {
        return { kind: 'usage', problem: 'grant takes one e-mail address.' };
      }
    }
    if (!email?.trim()) return { kind: 'usage', problem: 'grant needs an e-mail address.' };
    if (role === undefined || role === '')
      return { kind: 'usage', problem: `grant needs --role ${OPERATOR_ROLES.join('|')}.` };
    if (!isRole(role))
      return { kind: 'usage', problem: `Unknown role "${role}": choose ${ROLE_CHOICES}.` };
    return { kind: 'grant', email: email.trim(), role };
  }
  return { kind: 'usage', problem: `Unknown command "${command}".` };
}

/** What each role may do, as the terminal says it. */
const MAY: Record<OperatorRole, string> = {
  support: 'may now look at the queues (support)',
  admin: 'may now look at the queues and retry, promote and remove jobs (admin)',
};

/** Runs a database command against the operator roles; answers the exit code. */
export async function runOperatorsCommand(
  command: Extract<OperatorsCommand, { kind: 'grant' | 'revoke' | 'list' }>,
  grants: OperatorGrants,
  io: CommandOutput,
): Promise<number> {
  if (command.kind === 'list') {
    const operators = await grants.list();
    if (operators.length === 0) io.out('Nobody is an operator yet.\n');
    for (const operator of operators)
      io.out(
        `${operator.email}\t${operator.name}\t${operator.role}\tsince ${operator.operatorSince.toISOString()}\n`,
      );
    return OperatorsExit.ok;
  }
  if (command.kind === 'grant') {
    const granted = await grants.grant(command.email, command.role);
    if (!granted) return noSuchCustomer(command.email, io);
    io.out(`${granted.email} ${MAY[granted.role]}.\n`);
    return OperatorsExit.ok;
  }
  const revoked = await grants.revoke(command.email);
  if (!revoked) return noSuchCustomer(command.email, io);
  io.out(
    revoked.wasOperator
      ? `${revoked.email} is no longer an operator.\n`
      : `${revoked.email} was not an operator. Nothing was changed.\n`,
  );
  return OperatorsExit.ok;
}

function noSuchCustomer(email: string, io: CommandOutput): number {
  io.err(`No customer has the e-mail address ${email}. Nothing was changed.\n`);
  return OperatorsExit.noSuchCustomer;
}
