import { avatarUrl, type Avatar } from '@animata/contracts';

/**
 * The customer's avatar at one of the sizes of §9 (24, 32 or 128 px), from the file that size
 * uses; without an avatar, the first letter of the name on a tinted circle.
 */
export function AvatarImage({
  avatar,
  name,
  size,
  className = '',
}: {
  avatar: Avatar | null | undefined;
  name: string;
  size: 24 | 32 | 128;
  className?: string;
}) {
  if (avatar) {
    return (
      <img
        className={`avatar-image ${className}`}
        src={avatarUrl(avatar, size)}
        width={size}
        height={size}
        alt=""
        decoding="async"
        data-avatar-version={avatar.version}
      />
    );
  }
  return (
    <span
      className={`avatar-image avatar-image--empty avatar-image--${size} ${className}`}
      aria-hidden="true"
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
