import { Icon } from '../dashboard/icons.js';

/** The Share action's icon (three linked points), decorative like the dashboard's icons. */
export const shareIcon = (
  <Icon>
    <circle cx="17.5" cy="5.5" r="2.5" />
    <circle cx="6.5" cy="12" r="2.5" />
    <circle cx="17.5" cy="18.5" r="2.5" />
    <path d="m8.7 10.7 6.6-3.9M8.7 13.3l6.6 3.9" />
  </Icon>
);
