import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emailChangeMessages, type ChangeEmailRequest } from '@animata/contracts';
import type { AccessService } from '../../../common/access/index.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { hashToken } from '../../../common/ids.js';
import type {
  AuthLimits,
  AuthMailer,
  AuthTokensRepository,
  PasswordCheck,
} from '../../auth/index.js';
import type { CustomerEntity, CustomersRepository } from '../../customers/index.js';
import { AccountException } from '../account.exception.js';
import type { EmailChangeEntity } from './email-change.entity.js';
import type { EmailChangeConfirmation, EmailChangeRepository } from './email-change.repository.js';
import { EMAIL_CHANGE_TTL_MS, EmailChangeService } from './email-change.service.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const PASSWORD = 'Correct-Horse-9-battery';
const AUTH = {
  customerId: 'c0ffee00-0000-4000-8000-000000000001',
  sessionId: 's',
  passwordUpdateRequired: false,
};

function customer(overrides: Partial<CustomerEntity> = {}): CustomerEntity {
  return {
    id: AUTH.customerId,
    email: 'ada@example.test',
    name: 'Ada',
    passwordHash: `hash:${PASSWORD}`,
    verifiedAt: NOW,
    twoFactorEnabled: false,
    passwordChangedAt: null,
    passwordUpdatePostponedAt: null,
    newsletterUnsubscribed: true,
    newsletterChangedAt: null,
    onboardingProjects: false,
    onboardingStep: 0,
    developerSince: null,
    billingName: '',
    billingDetails: '',
    billingInclude: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

interface World {
  customer?: CustomerEntity;
  /** Addresses other customers hold. */
  taken?: string[];
  pending?: Omit<EmailChangeEntity, 'createdAt'> | null;
  confirmation?: EmailChangeConfirmation;
  recipientLimited?: boolean;
}

/** The service with its repositories and adapters replaced; `did` records what it did, in order. */
function harness(world: World = {}) {
  const did: string[] = [];
  const saved: Array<Omit<EmailChangeEntity, 'createdAt'>> = [];
  const mails: Array<{ kind: string; to: string; token?: string }> = [];
  const me = world.customer ?? customer();
  const changes = {
    findPending: async () => world.pending ?? null,
    save: async (change: Omit<EmailChangeEntity, 'createdAt'>) => {
      did.push('save');
      saved.push(change);
    },
    delete: async () => {
      did.push('delete');
      return 1;
    },
    findLiveByToken: async (tokenHash: string) =>
      world.pending && world.pending.tokenHash === tokenHash ? world.pending : null,
    confirm: async (tokenHash: string) => {
      did.push(`confirm:${tokenHash}`);
      return world.confirmation ?? { status: 'unknown' };
    },
  } as unknown as EmailChangeRepository;
  const customers = {
    findById: async (id: string) => (id === me.id ? me : null),
    findByEmail: async (email: string) =>
      world.taken?.includes(email) ? customer({ id: 'other', email }) : null,
  } as unknown as CustomersRepository;
  const passwords = {
    matches: async (_customer: CustomerEntity, password: string) => {
      did.push('password');
      return password === PASSWORD;
    },
  } as unknown as PasswordCheck;
  const limits = {
    perCustomer: async () => {
      did.push('limit:customer');
    },
    requireMailAllowed: async () => {
      did.push('limit:recipient');
      if (world.recipientLimited) throw CommonException.tooManyRequests();
    },
  } as unknown as AuthLimits;
  const mailer = {
    emailChangeConfirmation: async (to: string, _name: string, token: string) => {
      mails.push({ kind: 'confirm', to, token });
    },
    emailChangeRequested: async (to: string) => {
      mails.push({ kind: 'notice', to });
    },
  } as unknown as AuthMailer;
  const tokens = {
    revokeAll: async (customerId: string, purpose: string) => {
      did.push(`revoke:${purpose}:${customerId}`);
    },
  } as unknown as AuthTokensRepository;
  const access = {
    require: async () => {
      did.push('access');
    },
  } as unknown as AccessService;
  const service = new EmailChangeService(
    changes,
    customers,
    passwords,
    limits,
    mailer,
    tokens,
    access,
    { now: () => NOW },
  );
  return { service, did, saved, mails };
}

const request = (body: Partial<ChangeEmailRequest>) =>
  Object.assign({ newEmail: 'new@example.test', password: PASSWORD }, body) as ChangeEmailRequest;

async function refusal(promise: Promise<unknown>): Promise<AccountException> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AccountException) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('EmailChangeService.request', () => {
  it('checks access first, then mails a hashed 24-hour link to the new address and a notice to the old', async () => {
    const { service, did, saved, mails } = harness();
    const answer = await service.request(AUTH, request({ newEmail: 'New@Example.test' }), null);
    assert.deepEqual(answer, { message: emailChangeMessages.sent('new@example.test') });
    assert.equal(did[0], 'access');
    assert.deepEqual(did, ['access', 'password', 'limit:customer', 'limit:recipient', 'save']);
    const [change] = saved;
    assert.equal(change!.newEmail, 'new@example.test');
    assert.equal(change!.expiresAt.getTime(), NOW.getTime() + EMAIL_CHANGE_TTL_MS);
    const link = mails.find((mail) => mail.kind === 'confirm')!;
    assert.equal(link.to, 'new@example.test');
    assert.equal(change!.tokenHash, hashToken(link.token!), 'only the hash is stored');
    assert.deepEqual(
      mails.map((mail) => [mail.kind, mail.to]),
      [
        ['confirm', 'new@example.test'],
        ['notice', 'ada@example.test'],
      ],
    );
  });

  it('refuses a customer without a password with 403, before looking at anything else', async () => {
    const { service, did, saved } = harness({ customer: customer({ passwordHash: null }) });
    const error = await refusal(service.request(AUTH, request({}), null));
    assert.equal(error.status, 403);
    assert.equal(error.message, emailChangeMessages.noPassword);
    assert.deepEqual(did, ['access']);
    assert.deepEqual(saved, []);
  });

  it('asks for the password when it is missing (422 on its field)', async () => {
    const { service, saved } = harness();
    const error = await refusal(service.request(AUTH, request({ password: undefined }), null));
    assert.equal(error.status, 422);
    assert.deepEqual(error.fieldErrors, { password: 'Password is required' });
    assert.deepEqual(saved, []);
  });

  it('refuses a wrong password with 403 on the password field; nothing saved or mailed', async () => {
    const { service, did, saved, mails } = harness();
    const error = await refusal(
      service.request(AUTH, request({ password: 'Wrong-Horse-9' }), null),
    );
    assert.equal(error.status, 403);
    assert.equal(error.message, emailChangeMessages.passwordWrong);
    assert.deepEqual(error.fieldErrors, { password: emailChangeMessages.passwordWrong });
    assert.deepEqual(did, ['access', 'password']);
    assert.deepEqual(saved, []);
    assert.deepEqual(mails, []);
  });

  it('tells whether an address is in use only after the password (403 on the email field)', async () => {
    const { service, did, saved } = harness({ taken: ['taken@example.test'] });
    const error = await refusal(
      service.request(AUTH, request({ newEmail: 'TAKEN@example.test' }), null),
    );
    assert.equal(error.status, 403);
    assert.deepEqual(error.fieldErrors, { email: emailChangeMessages.inUse });
    assert.deepEqual(did, ['access', 'password']);
    assert.deepEqual(saved, []);
    const wrong = harness({ taken: ['taken@example.test'] });
    const first = await refusal(
      wrong.service.request(AUTH, request({ newEmail: 'taken@example.test', password: 'x' }), null),
    );
    assert.deepEqual(first.fieldErrors, { password: emailChangeMessages.passwordWrong });
  });

  it('answers the own address with 422 on newEmail', async () => {
    const { service } = harness();
    const error = await refusal(
      service.request(AUTH, request({ newEmail: ' ADA@example.test ' }), null),
    );
    assert.equal(error.status, 422);
    assert.deepEqual(error.fieldErrors, { newEmail: emailChangeMessages.sameAddress });
  });

  it('resends to the pending address without a password and without a second notice', async () => {
    const pending = {
      customerId: AUTH.customerId,
      newEmail: 'pending@example.test',
      tokenHash: 'old',
      expiresAt: NOW,
      lastSentAt: NOW,
    };
    const { service, did, saved, mails } = harness({ pending });
    const answer = await service.request(
      AUTH,
      { resend: true, newEmail: 'ignored@example.test' } as ChangeEmailRequest,
      null,
    );
    assert.deepEqual(answer, { message: emailChangeMessages.sent('pending@example.test') });
    assert.ok(!did.includes('password'));
    assert.notEqual(saved[0]!.tokenHash, 'old', 'a new link replaces the first');
    assert.deepEqual(
      mails.map((mail) => [mail.kind, mail.to]),
      [['confirm', 'pending@example.test']],
    );
    const nothing = harness({ pending: null });
    const error = await refusal(
      nothing.service.request(AUTH, { resend: true } as ChangeEmailRequest, null),
    );
    assert.deepEqual(error.fieldErrors, { '.': emailChangeMessages.nothingToResend });
  });

  it('refuses to resend a change whose address someone took meanwhile (403), mailing nothing', async () => {
    const pending = {
      customerId: AUTH.customerId,
      newEmail: 'taken@example.test',
      tokenHash: 'old',
      expiresAt: NOW,
      lastSentAt: NOW,
    };
    const { service, saved, mails } = harness({ pending, taken: ['taken@example.test'] });
    const error = await refusal(
      service.request(AUTH, { resend: true } as ChangeEmailRequest, null),
    );
    assert.equal(error.status, 403);
    assert.deepEqual(error.fieldErrors, { email: emailChangeMessages.inUse });
    assert.deepEqual(saved, []);
    assert.deepEqual(mails, []);
  });

  it('stops at the recipient limit before anything is saved or mailed', async () => {
    const { service, saved, mails } = harness({ recipientLimited: true });
    await assert.rejects(
      service.request(AUTH, request({}), null),
      (error: unknown) => error instanceof CommonException && error.status === 429,
    );
    assert.deepEqual(saved, []);
    assert.deepEqual(mails, []);
  });
});

describe('EmailChangeService.checkLink', () => {
  it('names the address a live link confirms, and answers any other with the 422 of the confirm', async () => {
    const pending = {
      customerId: AUTH.customerId,
      newEmail: 'pending@example.test',
      tokenHash: hashToken('live-token'),
      expiresAt: NOW,
      lastSentAt: NOW,
    };
    const { service, did } = harness({ pending });
    assert.deepEqual(await service.checkLink('live-token'), { newEmail: 'pending@example.test' });
    assert.deepEqual(did, [], 'nothing is used up or written');
    const error = await refusal(service.checkLink('other-token'));
    assert.equal(error.status, 422);
    assert.deepEqual(error.fieldErrors, { '.': emailChangeMessages.linkInvalid });
  });
});

describe('EmailChangeService.confirm', () => {
  it('uses the link by its hash and ends the reset and verification links of the account', async () => {
    const { service, did } = harness({
      confirmation: {
        status: 'changed',
        customerId: AUTH.customerId,
        oldEmail: 'ada@example.test',
        newEmail: 'new@example.test',
      },
    });
    assert.deepEqual(await service.confirm('the-token'), {
      message: emailChangeMessages.changed,
    });
    assert.deepEqual(did, [
      `confirm:${hashToken('the-token')}`,
      `revoke:reset-password:${AUTH.customerId}`,
      `revoke:verify-email:${AUTH.customerId}`,
    ]);
  });

  it('answers an unknown, used or expired link with 422, and a taken address with 403', async () => {
    const unknown = await refusal(harness().service.confirm('nope'));
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.fieldErrors, { '.': emailChangeMessages.linkInvalid });
    const { service, did } = harness({ confirmation: { status: 'taken' } });
    const taken = await refusal(service.confirm('t'));
    assert.equal(taken.status, 403);
    assert.equal(taken.message, emailChangeMessages.inUse);
    assert.ok(!did.some((step) => step.startsWith('revoke')), 'nothing else changes');
  });
});
