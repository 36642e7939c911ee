import { avatarMessages, catalogueMessages } from '@animata/contracts';
import { DomainException } from '../../../common/errors/domain.exception.js';

export enum AvatarErrorCode {
  FileNotSupported = 'AVATAR_FILE_NOT_SUPPORTED',
  AnimatedWebp = 'AVATAR_ANIMATED_WEBP',
  TooManyPixels = 'AVATAR_TOO_MANY_PIXELS',
  TooLarge = 'AVATAR_TOO_LARGE',
  SvgTooComplex = 'AVATAR_SVG_TOO_COMPLEX',
  NotMultipart = 'AVATAR_NOT_MULTIPART',
  Conflict = 'AVATAR_CONFLICT',
}

const STATUS: Record<AvatarErrorCode, number> = {
  [AvatarErrorCode.FileNotSupported]: 422,
  [AvatarErrorCode.AnimatedWebp]: 422,
  [AvatarErrorCode.TooManyPixels]: 422,
  [AvatarErrorCode.TooLarge]: 413,
  [AvatarErrorCode.SvgTooComplex]: 422,
  [AvatarErrorCode.NotMultipart]: 415,
  [AvatarErrorCode.Conflict]: 409,
};

/** Refusals of an avatar upload; 422s name the `image` field (a notice on the page). */
export class AvatarException extends DomainException {
  readonly status: number;

  private constructor(code: AvatarErrorCode, message: string, field?: string) {
    super(code, message, field ? { [field]: message } : undefined);
    this.status = STATUS[code];
  }

  static notSupported(field = 'image'): AvatarException {
    return new AvatarException(
      AvatarErrorCode.FileNotSupported,
      avatarMessages.fileNotSupported,
      field,
    );
  }

  static animatedWebp(): AvatarException {
    return new AvatarException(AvatarErrorCode.AnimatedWebp, avatarMessages.animatedWebp, 'image');
  }

  static tooManyPixels(): AvatarException {
    return new AvatarException(
      AvatarErrorCode.TooManyPixels,
      avatarMessages.tooManyPixels,
      'image',
    );
  }

  /** Past AVATAR_SVG_LIMITS (elements or nesting), found before any DOM is built. */
  static svgTooComplex(): AvatarException {
    return new AvatarException(
      AvatarErrorCode.SvgTooComplex,
      avatarMessages.svgTooComplex,
      'image',
    );
  }

  static tooLarge(message: string = avatarMessages.tooLarge): AvatarException {
    return new AvatarException(AvatarErrorCode.TooLarge, message);
  }

  /** A JSON (or any other) body sent to the upload: 415 with the avatar's failure text. */
  static notMultipart(): AvatarException {
    return new AvatarException(AvatarErrorCode.NotMultipart, avatarMessages.fileNotSupported);
  }

  /** Another upload of the same customer changed the avatar meanwhile. */
  static conflict(): AvatarException {
    return new AvatarException(AvatarErrorCode.Conflict, catalogueMessages.somethingWentWrong);
  }
}
