// Who is calling: what the session plugin puts on each request (`request.auth`) and what services read.
// Types only, and importing nothing, so any module can name them without depending on the plugin or on
// the accounts module that loads them.

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  claims: { claim: string; value: string }[];
  /**
   * Only while a wholesaler user acts as this one: the customers both share. The session reaches no
   * other customer (buyers module: ownCustomers, canAccessCustomer), so acting never widens the
   * actor's customers (accounts module: actingUser).
   */
  reach?: readonly string[];
}

export interface AuthContext {
  sessionId: string;
  user: SessionUser;
  /** The staff member behind an impersonation, if any. */
  originalUserId: string | null;
  currentCustomerId: string | null;
}
