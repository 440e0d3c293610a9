import http from "node:http";
import https from "node:https";

/**
 * The callback POST over node:http(s) with keep-alive connections per merchant host: fetch costs about four
 * times the CPU per request, and a busy portal sends one callback per payment. Redirects are not followed
 * (a 3xx is the merchant's answer). The answer keeps at most `excerptChars` of the response body.
 */

export interface PostAnswer {
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
}

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  excerptChars: number,
): Promise<PostAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      settle({ statusCode: null, excerpt: null, error: "Invalid URL" });
      return;
    }
    const secure = target.protocol === "https:";
    if (!secure && target.protocol !== "http:") {
      settle({ statusCode: null, excerpt: null, error: `Unsupported protocol ${target.protocol}` });
      return;
    }
    const request = (secure ? https : http).request(target, {
      method: "POST",
      agent: agents[secure ? "https:" : "http:"],
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => {
      request.destroy();
      settle({ statusCode: null, excerpt: null, error: `Timed out after ${timeoutMs} ms` });
    }, timeoutMs);
    request.on("response", (response) => {
      const statusCode = response.statusCode ?? null;
      let excerpt = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (excerpt.length < excerptChars) excerpt += chunk;
      });
      response.on("end", () => settle({ statusCode, excerpt: excerpt.slice(0, excerptChars), error: null }));
      response.on("error", () =>
        settle({ statusCode, excerpt: excerpt.slice(0, excerptChars), error: null }),
      );
    });
    request.on("error", (error: Error & { code?: string }) =>
      settle({
        statusCode: null,
        excerpt: null,
        error: (error.code ?? error.message).slice(0, excerptChars),
      }),
    );
    request.end(body);
  });
}
