import { authTexts, fillPath, pagePaths } from '@animata/contracts';

/** Social sign-in links; shown only for configured providers, disabled while submitting. */
export function SocialButtons({
  providers,
  redirectTo,
  disabled,
}: {
  providers: Array<'google' | 'facebook'>;
  redirectTo: string;
  disabled: boolean;
}) {
  if (providers.length === 0) return null;
  const query = { redirectTo: redirectTo && redirectTo !== '/' ? redirectTo : undefined };
  return (
    <div className="social">
      <p className="social__divider">
        <span>or</span>
      </p>
      {providers.map((provider) => {
        const label =
          provider === 'google' ? authTexts.continueWithGoogle : authTexts.continueWithFacebook;
        return disabled ? (
          <span
            key={provider}
            className={`button button--social button--${provider}`}
            aria-disabled="true"
          >
            {label}
          </span>
        ) : (
          <a
            key={provider}
            className={`button button--social button--${provider}`}
            href={fillPath(pagePaths.socialSignIn, { params: { provider }, query })}
          >
            {label}
          </a>
        );
      })}
    </div>
  );
}
