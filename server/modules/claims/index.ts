// Claims' public face (issue 29 §1; docs/claims.md): the buyer's claims and the order desk's answers.
export { claimRoutes as routes } from "./routes.ts";
