/** /account itself: the settings page (its parent route) shows every row in view mode. */
export default function AccountIndex() {
  return null;
}
