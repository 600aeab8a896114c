// The administration service, split by aggregate: users.ts, customers.ts (with logos), retailers.ts,
// referrals.ts, and scope.ts (who administers which customers). The routes and the retailer import
// use it through this file.
export { customerScope } from "./scope.ts";
export { changeOwnPassword, endOtherSessions, inviteUser, updateOwnProfile, userPage } from "./users.ts";
export { createCustomer, customerDetail, customerPage, deleteLogo, LOGO_MESSAGES, logoOf, updateCustomer, uploadLogo } from "./customers.ts";
export { createRetailer, retailerDetail, retailerPage, retailerValues, updateRetailer } from "./retailers.ts";
export { approveReferral, declineReferral, referralQueue, submitReferral } from "./referrals.ts";
