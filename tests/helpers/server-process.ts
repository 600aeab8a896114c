import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LightMyRequestResponse } from "fastify";
import type { Injector } from "./test-app.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ENTRY = fileURLToPath(new URL("./api-server.ts", import.meta.url));
// A server's start on a loaded shared machine (the whole suite side by side on two cores) took 26-55 s.
const START_TIMEOUT_MS = 120_000;
/** The timeout of a hook that starts one server process (startServerProcess), with room for its own set-up. */
export const SERVER_PROCESS_HOOK_TIMEOUT_MS = START_TIMEOUT_MS + 30_000;

export interface ServerProcess extends Injector {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  pid: number;
  /** Where its Prometheus metrics are, when started with METRICS_PORT. */
  metricsUrl?: string;
  /** Resolves when the process ends, with how it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether the process is still running. */
  running(): boolean;
  /** Sends a signal (SIGTERM to stop it gracefully, SIGKILL to crash it). */
  kill(signal: NodeJS.Signals): void;
  close(): Promise<void>;
}

/**
 * Starts tests/helpers/api-server.ts in a child process on `databaseUrl` (demo mode off, a free
 * port) and answers requests to it over real HTTP with the same `inject` shape as a Fastify app, so
 * test clients can use either. The child gets only the settings given here, not this process's
 * environment, so both instances run the same configuration as buildTestApp.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      DEMO_MODE: "false",
      PUBLIC_URL: "http://localhost:3000",
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_POOL_SIZE: "20",
      ...env,
      DATABASE_URL: databaseUrl,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };

  let baseUrl: string;
  let metricsUrl: string | undefined;
  try {
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server process did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      child.once("message", (message: { address?: string; metricsUrl?: string }) => {
        clearTimeout(timer);
        metricsUrl = message.metricsUrl;
        if (message.address) resolve(message.address);
        else reject(new Error("the server process sent no address"));
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server process exited before listening (code ${code}, signal ${signal})`));
      });
    });
  } catch (err) {
    await stopChild();
    throw err;
  }

  return {
    baseUrl,
    pid: child.pid!,
    metricsUrl,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => void child.kill(signal),
    async inject({ method, url, headers = {}, payload }) {
      const res = await fetch(new URL(url, baseUrl), {
        method,
        headers: payload === undefined ? headers : { "content-type": "application/json", ...headers },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const body = await res.text();
      const out: Record<string, string | string[]> = {};
      res.headers.forEach((value, key) => {
        out[key] = value;
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      // The part of light-my-request's response that tests read.
      return { statusCode: res.status, statusMessage: res.statusText, headers: out, body, payload: body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
    },
    close: stopChild,
  };
}
