import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isPrivateAddress, PRIVATE_ADDRESS_ERROR, publicOnlyLookup } from "./address-guard.ts";

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

const open = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};
// Agents of their own for the guarded connections, so no socket is shared with an unguarded request.
const guarded = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  excerptChars: number,
  /** Let the request reach loopback and private networks (CALLBACK_ALLOW_PRIVATE_NETWORKS). */
  allowPrivate = false,
): Promise<PostAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
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
    const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
    if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
      settle({ statusCode: null, excerpt: null, error: PRIVATE_ADDRESS_ERROR });
      return;
    }
    const protocol = secure ? "https:" : "http:";
    const request = (secure ? https : http).request(target, {
      method: "POST",
      agent: allowPrivate ? open[protocol] : guarded[protocol],
      ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    });
    timer = setTimeout(() => {
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
        error:
          error.code === "EPRIVATEADDRESS"
            ? PRIVATE_ADDRESS_ERROR
            : (error.code ?? error.message).slice(0, excerptChars),
      }),
    );
    request.end(body);
  });
}
