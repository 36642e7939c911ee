import { Inject, Injectable } from '@nestjs/common';
import {
  endpoints,
  fillPath,
  PUBLIC_UNLOCK_TTL_S,
  sharingMessages,
  type PublicLinkBody,
  type PublicLinkResponse,
  type PublicProjectInfo,
} from '@animata/contracts';
import { AccessService, type Actor, Permission, VISITOR } from '../../../common/access/index.js';
import type { Clock } from '../../../common/clock.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { addressKey } from '../../../common/rate-limit/address-key.js';
import type { RateLimiter } from '../../../common/rate-limit/rate-limiter.js';
import { CLOCK, CONFIG, RATE_LIMITER } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { PasswordHasher } from '../../auth/index.js';
import { SharingService } from '../sharing.service.js';
import { isUnlocked, unlockToken } from './public-unlock.js';
import {
  type PublicLinkChange,
  type PublicLinkRecord,
  PublicLinksRepository,
  type PublicProjectRecord,
} from './public-links.repository.js';

/** The player's defaults for data without them (the editor's). */
const DEFAULT_FPS = 30;
const DEFAULT_BACKGROUND = 'transparent';

/**
 * The public link of a project (projects-dashboard §4 Link sharing, §5 "public-link changes are
 * blocked without pro access"; issue 31 adds an expiry and a password): the owner's settings,
 * and what anyone holding the link may open. Who may play a project by its link is the access
 * layer's PublicProjectRead; the password is checked here, after it.
 */
@Injectable()
export class PublicLinksService {
  constructor(
    private readonly access: AccessService,
    private readonly links: PublicLinksRepository,
    /** The share dialog's answer and the sharing plan rule (pro access). */
    private readonly sharing: SharingService,
    private readonly hasher: PasswordHasher,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * PUT sharing/project/{id}/public-link: the owner of a project that is not a demo, with pro
   * access. Making a link private needs no plan (whoever shared must always be able to stop);
   * a password or an expiry is kept while private, for the next time it is made public.
   */
  async update(actor: Actor, id: string, request: PublicLinkBody): Promise<PublicLinkResponse> {
    const current = await this.requireOwnShareable(actor, id);
    const changesSharing =
      request.isPublic ||
      typeof request.password === 'string' ||
      typeof request.expiresAt === 'string';
    if (changesSharing) await this.requireProAccess(actor);
    const now = this.clock.now();
    const change: PublicLinkChange = { isPublic: request.isPublic };
    if (request.expiresAt !== undefined) {
      const expiresAt = request.expiresAt === null ? null : new Date(request.expiresAt);
      if (expiresAt !== null && !(expiresAt.getTime() > now.getTime()))
        throw CommonException.validation({ expiresAt: sharingMessages.expiryInPast });
      change.expiresAt = expiresAt;
    } else if (request.isPublic) {
      this.assertPublishable(current);
    }
    if (request.password !== undefined)
      change.passwordHash =
        request.password === null ? null : await this.hasher.hash(request.password);
    const saved = await this.links.save(id, change);
    if (!saved) throw CommonException.notFound();
    // The share dialog's whole answer, its public link as just saved, and the note to show.
    const dialog = await this.sharing.get(actor, 'project', id);
    return { ...dialog, success: true, message: sharingMessages.publicLinkSaved };
  }

  /**
   * Made public with the expiry it has passed, a link would answer 404 at once: 422 expiryInPast
   * (PUT public-link without a new expiry, and PUT projects/{id} `is_public: 1`).
   */
  assertPublishable(link: Pick<PublicLinkRecord, 'expiresAt'>): void {
    if (link.expiresAt !== null && link.expiresAt.getTime() <= this.clock.now().getTime())
      throw CommonException.validation({ expiresAt: sharingMessages.expiryInPast });
  }

  /** PUT projects/{id} `is_public: 1`: 422 expiryInPast when the stored expiry has passed. */
  async assertProjectPublishable(id: string): Promise<void> {
    const record = (await this.links.linksOf([id])).get(id);
    if (!record) throw CommonException.notFound();
    this.assertPublishable(record);
  }

  /**
   * The pro-access rule of every public-link change (§5): sharing's own (billing's plan level
   * 2 or more, or an active team plan). PUT projects/{id} `is_public` follows it too.
   */
  async requireProAccess(actor: Actor): Promise<void> {
    await this.sharing.requirePro(actor);
  }

  /**
   * GET public/projects/{id}: for anyone, signed in or not. 404 unless public, unexpired and
   * not a demo (the access layer); 403 passwordRequired until this browser unlocked it.
   */
  async open(id: string, unlockCookie: (id: string) => string | null): Promise<PublicProjectInfo> {
    const record = await this.requirePlayable(id, unlockCookie);
    return this.toInfo(record);
  }

  /** GET public/projects/{id}/document: the stored sanitised SVG, by the same rule as open. */
  async document(
    id: string,
    unlockCookie: (id: string) => string | null,
  ): Promise<{ document: string; version: number }> {
    await this.requirePlayable(id, unlockCookie);
    const file = await this.links.document(id);
    if (!file) throw CommonException.notFound();
    return file;
  }

  /**
   * POST public/projects/{id}/unlock: counted per client address before anything is read (a
   * guess at a made-up id costs the same), and per password-protected link before the password
   * is verified. The right password answers the project and the
   * unlock cookie's value (null for a link without a password); a wrong one, 422 on `password`.
   */
  async unlock(
    id: string,
    password: string,
    ipAddress: string | null,
  ): Promise<{ info: PublicProjectInfo; token: string | null }> {
    const { limit, windowMs } = this.config.publicLinks.unlockRate;
    const hit = await this.limiter.hit(`public-unlock:${addressKey(ipAddress)}`, limit, windowMs);
    if (!hit.allowed) throw CommonException.tooManyRequests(undefined, hit.retryAfterMs);
    const record = await this.requirePublic(id);
    if (record.passwordHash === null) return { info: this.toInfo(record), token: null };
    // And per link, from all addresses together, before the password is verified.
    const perLink = this.config.publicLinks.unlockProjectRate;
    const linkHit = await this.limiter.hit(
      `public-unlock-project:${id}`,
      perLink.limit,
      perLink.windowMs,
    );
    if (!linkHit.allowed) throw CommonException.tooManyRequests(undefined, linkHit.retryAfterMs);
    if (!(await this.hasher.verify(record.passwordHash, password)))
      throw CommonException.validation({ password: sharingMessages.wrongPassword });
    return {
      info: this.toInfo(record),
      token: unlockToken(id, record.passwordHash, this.clock.now(), PUBLIC_UNLOCK_TTL_S),
    };
  }

  private toInfo(record: PublicProjectRecord): PublicProjectInfo {
    return {
      id: record.id,
      title: record.title,
      duration: record.durationMs,
      dimension: { width: record.width, height: record.height },
      documentUrl: fillPath(endpoints.publicProjects.document.path, { params: { id: record.id } }),
      fps: record.fps ?? DEFAULT_FPS,
      background: record.background ?? DEFAULT_BACKGROUND,
    };
  }

  /** The access layer's PublicProjectRead, then the row: 404 for anything else. */
  private async requirePublic(id: string): Promise<PublicProjectRecord> {
    await this.access.require(VISITOR, Permission.PublicProjectRead, [id]);
    const record = await this.links.publicProject(id);
    if (!record) throw CommonException.notFound();
    return record;
  }

  private async requirePlayable(
    id: string,
    unlockCookie: (id: string) => string | null,
  ): Promise<PublicProjectRecord> {
    const record = await this.requirePublic(id);
    if (
      record.passwordHash !== null &&
      !isUnlocked(unlockCookie(id), id, record.passwordHash, this.clock.now())
    )
      throw CommonException.forbidden(sharingMessages.passwordRequired);
    return record;
  }

  /**
   * The owner's own project that is not a demo: someone else's that the actor cannot see is a
   * 404; one the actor may open but not manage (a team's), 403; a demo, 403 demoNotShareable.
   */
  private async requireOwnShareable(actor: Actor, id: string): Promise<PublicLinkRecord> {
    const [own, readable] = await Promise.all([
      this.access.check(actor, Permission.ProjectShare, [id]),
      this.access.check(actor, Permission.ProjectRead, [id]),
    ]);
    if (!own.has(id)) {
      if (!readable.has(id)) throw CommonException.notFound();
      const [original, copy] = await Promise.all([
        this.access.check(actor, Permission.DemoOpen, [id]),
        this.access.check(actor, Permission.DemoReset, [id]),
      ]);
      throw CommonException.forbidden(
        original.has(id) || copy.has(id)
          ? sharingMessages.demoNotShareable
          : sharingMessages.onlyOwner,
      );
    }
    const record = (await this.links.linksOf([id])).get(id);
    if (!record) throw CommonException.notFound();
    return record;
  }
}
