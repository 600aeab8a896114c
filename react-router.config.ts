import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets a second build (e.g. a test run) live beside the one being served.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
