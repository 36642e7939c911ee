import {
  type FieldErrors,
  NOTICE_KEY,
  renderMessages,
  type RenderLimits,
} from '@animata/contracts';
import { DomainException } from '../../common/errors/domain.exception.js';

export enum RenderErrorCode {
  /** Not there, or someone else's (404 'Render not found.'). */
  NotFound = 'RENDER_NOT_FOUND',
  /** A job input the plan's caps or the project refuse (422, the field's message). */
  InvalidInput = 'INVALID_INPUT',
  /** Slots, the month's exports or the storage used up (422 with `limits`). */
  LimitReached = 'LIMIT_REACHED',
  /** Preview, download or share of a render without its file yet (409). */
  NotDone = 'RENDER_NOT_DONE',
  /** Abort of a render that already ended (409). */
  NotActive = 'RENDER_NOT_ACTIVE',
}

const STATUS: Record<RenderErrorCode, number> = {
  [RenderErrorCode.NotFound]: 404,
  [RenderErrorCode.InvalidInput]: 422,
  [RenderErrorCode.LimitReached]: 422,
  [RenderErrorCode.NotDone]: 409,
  [RenderErrorCode.NotActive]: 409,
};

/** The renders API's refusals, in the catalogue's shape (issue 32). */
export class RenderException extends DomainException {
  readonly status: number;

  private constructor(
    code: RenderErrorCode,
    message: string,
    fieldErrors: FieldErrors,
    extra?: Record<string, unknown>,
  ) {
    super(code, message, fieldErrors, extra);
    this.status = STATUS[code];
  }

  /** Someone else's render answers exactly as one that does not exist. */
  static notFound(): RenderException {
    return new RenderException(RenderErrorCode.NotFound, renderMessages.notFound, {
      [NOTICE_KEY]: renderMessages.notFound,
    });
  }

  /** A project the caller cannot read (or none): 404 'Project not found.'. */
  static projectNotFound(): RenderException {
    return new RenderException(RenderErrorCode.NotFound, renderMessages.projectNotFound, {
      [NOTICE_KEY]: renderMessages.projectNotFound,
    });
  }

  /** The first refusal of `renderInputErrors`, under its field of `jobInput`. */
  static field(field: string, message: string): RenderException {
    return new RenderException(RenderErrorCode.InvalidInput, message, {
      [`jobInput.${field}`]: message,
    });
  }

  static limitReached(message: string, limits: RenderLimits): RenderException {
    return new RenderException(
      RenderErrorCode.LimitReached,
      message,
      { [NOTICE_KEY]: message },
      { limits },
    );
  }

  static notDone(): RenderException {
    return new RenderException(RenderErrorCode.NotDone, renderMessages.notDone, {
      [NOTICE_KEY]: renderMessages.notDone,
    });
  }

  static notActive(): RenderException {
    return new RenderException(RenderErrorCode.NotActive, renderMessages.notActive, {
      [NOTICE_KEY]: renderMessages.notActive,
    });
  }
}
