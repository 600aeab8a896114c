export { assertCustomer, canAccessCustomer, hasRole, isStaff, ownCustomers, visibleCustomers } from "./service.ts";
