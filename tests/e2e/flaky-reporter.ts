import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every browser test that passed only on a retry, one line each starting "FLAKY", so a flake
 * stays visible (npm test prints these lines again under its summary) rather than hidden by the retry.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === "passed") {
      console.log(`FLAKY (passed on retry ${retries}): ${testCase.module.relativeModuleId} > ${testCase.fullName}`);
    }
  }
}
