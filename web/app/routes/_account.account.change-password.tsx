/** /account/change-password: the settings page with the password row in edit mode. */
export default function ChangePassword() {
  return null;
}
