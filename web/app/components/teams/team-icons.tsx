import { Icon } from '../dashboard/icons.js';

/** The manage-team dialog's line icons, 18 px, decorative (the dashboard's icon frame). */
export const teamIcons = {
  drag: (
    <Icon size={18}>
      <circle cx="9" cy="6" r="1" />
      <circle cx="15" cy="6" r="1" />
      <circle cx="9" cy="12" r="1" />
      <circle cx="15" cy="12" r="1" />
      <circle cx="9" cy="18" r="1" />
      <circle cx="15" cy="18" r="1" />
    </Icon>
  ),
  clock: (
    <Icon size={18}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </Icon>
  ),
  up: (
    <Icon size={18}>
      <path d="M6 14l6-6 6 6" />
    </Icon>
  ),
  down: (
    <Icon size={18}>
      <path d="M6 10l6 6 6-6" />
    </Icon>
  ),
};
