// The auth module's public face: sign-in, sessions, password resets.
export { authRoutes as routes } from "./routes.ts";
export { chooseSessionCustomer, sendResetMail, sessionAnswer, validateResetToken } from "./service.ts";
export { hashPassword, verifyPassword } from "./password.ts";
