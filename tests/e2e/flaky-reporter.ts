import type { Reporter, TestCase } from "vitest/node";

/** Lines of an earlier attempt's error kept under its FLAKY line (the message and where it was thrown). */
const ERROR_LINES = 6;

/**
 * Names every browser test that passed only on a retry, one line each starting "FLAKY", so a flake
 * stays visible (npm test prints these lines again under its summary) rather than hidden by the retry.
 * Under it, each failed attempt's error, its lines starting "FLAKY  " too, so the summary keeps why.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    const result = testCase.result();
    if (retries > 0 && result.state === "passed") {
      console.log(`FLAKY (passed on retry ${retries}): ${testCase.module.relativeModuleId} > ${testCase.fullName}`);
      for (const error of result.errors ?? []) {
        const text = [...`${error.name ?? "Error"}: ${error.message}`.split("\n"), ...(error.stack ?? "").split("\n").filter((l) => l.trim().startsWith("at ") && !/node_modules|<anonymous>|node:internal/.test(l))];
        for (const line of text.slice(0, ERROR_LINES)) console.log(`FLAKY   ${line.trim()}`);
      }
    }
  }
}
