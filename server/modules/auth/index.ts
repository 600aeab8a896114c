export { sendResetMail } from "./service.ts";
export { hashPassword, verifyPassword } from "./password.ts";
