import { type FieldErrors, NOTICE_KEY, projectMessages } from '@animata/contracts';
import { DomainException } from '../../common/errors/domain.exception.js';

export enum ProjectErrorCode {
  /** A title, a folder or a body that breaks the rules (422). */
  InvalidInput = 'INVALID_INPUT',
  /** `data` that does not follow the project schema (422). */
  InvalidData = 'INVALID_DATA',
  /** An upload whose bytes are none of the accepted types (422, 'Invalid File Type'). */
  InvalidFileType = 'INVALID_FILE_TYPE',
  /** An upload past the byte, pixel, element or nesting limits (422, the memory-limit text). */
  TooComplex = 'TOO_COMPLEX',
  /** File slots or storage used up (422 with `limits.created`). */
  LimitReached = 'LIMIT_REACHED',
}

const STATUS: Record<ProjectErrorCode, number> = {
  [ProjectErrorCode.InvalidInput]: 422,
  [ProjectErrorCode.InvalidData]: 422,
  [ProjectErrorCode.InvalidFileType]: 422,
  [ProjectErrorCode.TooComplex]: 422,
  [ProjectErrorCode.LimitReached]: 422,
};

/** The projects dashboard's refusals, in the catalogue's 422 shape. */
export class ProjectException extends DomainException {
  readonly status: number;

  private constructor(
    code: ProjectErrorCode,
    message: string,
    fieldErrors: FieldErrors,
    extra?: Record<string, unknown>,
  ) {
    super(code, message, fieldErrors, extra);
    this.status = STATUS[code];
  }

  /** An error on one field of the request (`title`, `label`, …). */
  static field(field: string, message: string): ProjectException {
    return new ProjectException(ProjectErrorCode.InvalidInput, message, { [field]: message });
  }

  /** A notice that belongs to no field ('.'). */
  static notice(message: string, code = ProjectErrorCode.InvalidInput): ProjectException {
    return new ProjectException(code, message, { [NOTICE_KEY]: message });
  }

  static invalidData(detail: string): ProjectException {
    return new ProjectException(ProjectErrorCode.InvalidData, detail, { data: detail });
  }

  static invalidFileType(): ProjectException {
    return ProjectException.notice(
      projectMessages.invalidFileType,
      ProjectErrorCode.InvalidFileType,
    );
  }

  static tooComplex(): ProjectException {
    return ProjectException.notice(projectMessages.tooComplex, ProjectErrorCode.TooComplex);
  }

  /** Slots or storage used up: the notice and the customer's current count (account-and-auth §8). */
  static limitReached(message: string, created: number): ProjectException {
    return new ProjectException(
      ProjectErrorCode.LimitReached,
      message,
      { [NOTICE_KEY]: message },
      { limits: { created } },
    );
  }
}
