import assert from 'node:assert/strict';

/**
 * Before any load: one request to each target must answer the expected status, and when
 * `sameBody` is set all targets must answer the same JSON, so we compare like with like.
 */
export async function checkSameAnswer(targets, request, { sameBody = true } = {}) {
  const answers = [];
  for (const target of targets) {
    // A target may bring its own request (two requests compared on one server).
    request = target.request ?? request;
    const response = await fetch(new URL(request.path, target.url), {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    const expected = request.expectStatus ?? 200;
    if (response.status !== expected) {
      throw new Error(
        `${target.name} answered ${response.status} (expected ${expected}): ${text.slice(0, 300)}`,
      );
    }
    answers.push({ target: target.name, body: text });
  }
  if (sameBody) {
    const [first, ...rest] = answers;
    for (const other of rest) {
      assert.deepEqual(
        JSON.parse(other.body),
        JSON.parse(first.body),
        `${other.target} and ${first.target} must answer the same body`,
      );
    }
  }
  return answers;
}
