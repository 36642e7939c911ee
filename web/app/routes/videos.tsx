import { pagePaths } from '@animata/contracts';
import { redirect } from '@remix-run/node';

/** `/gifs/` and `/videos/` redirect to `/renders/` (§2). */
export function loader() {
  return redirect(pagePaths.renders);
}
