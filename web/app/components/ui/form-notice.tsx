/** A form's notice that belongs to no field (the catalogue's '.' entries), announced at once. */
export function FormNotice({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p className="form-notice" role="alert">
      {children}
    </p>
  );
}
