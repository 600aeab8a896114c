/** How the bare server (bench/bare.ts) keys a recorded answer: its path and the Accept-Encoding asked. */
export function answerKey(url: string, acceptEncoding: string | string[] | undefined) {
  return `${url} ${acceptEncoding ?? ""}`;
}
