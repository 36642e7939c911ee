/** Any path no other route claims: the root error boundary shows the 404 page. */
export async function loader() {
  throw new Response('Not found', { status: 404 });
}

export default function NotFound() {
  return null;
}
