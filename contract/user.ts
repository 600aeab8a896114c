import { z } from "zod";
import { Email, ShortText } from "./common.ts";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

export const RoleName = z.enum(["Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket"]);
export type RoleName = z.infer<typeof RoleName>;

export const Claim = z.object({ claim: ShortText(50), value: ShortText(100) });
export type Claim = z.infer<typeof Claim>;

export const CustomerHeader = z.object({
  customerID: z.string(),
  companyName: z.string(),
  imgSrc: z.string(),
});
export type CustomerHeader = z.infer<typeof CustomerHeader>;

export const ShipTime = z.object({
  weekday: z.number().int().min(1).max(7),
  cutoffShipTime: z.string(),
});
export const PickupDays = z.object({
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
});
export type PickupDays = z.infer<typeof PickupDays>;

export const StoreProfile = z.object({
  shipTimes: z.array(ShipTime),
  pickupDays: PickupDays.nullable(),
  alwaysBoxed: z.boolean(),
  kind: z.enum(["wholesale", "massMarket"]),
});
export type StoreProfile = z.infer<typeof StoreProfile>;

/** Who a user is, as every answer naming a user says it (here, and the staff's user list). */
export const UserIdentity = {
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
};

export const User = z.object({
  ...UserIdentity,
  claims: z.array(z.object({ claim: z.string(), value: z.string() })),
  customers: z.array(CustomerHeader),
  currentCustomer: CustomerHeader.nullable(),
  retailerID: z.number().int().nullable(),
  storeProfile: StoreProfile.nullable(),
  active: z.boolean(),
});
export type User = z.infer<typeof User>;

export const CheckTokenResponse = z.object({
  user: User.nullable(),
  originalUser: z.object({ id: z.string(), email: z.string() }).nullable(),
});
export type CheckTokenResponse = z.infer<typeof CheckTokenResponse>;

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, REQUIRED_MESSAGE).max(200, "Maximum 200 characters"),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const PASSWORD_MIN = 10;
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, `Minimum ${PASSWORD_MIN} characters`)
  .max(128, "Maximum 128 characters");

export const ValidateResetBody = z.object({ token: z.string().min(1, REQUIRED_MESSAGE).max(200) });
export const UpdatePasswordBody = z
  .object({
    token: z.string().min(1, REQUIRED_MESSAGE).max(200),
    password: NewPassword,
    confirmPassword: z.string(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

export const ResetKind = z.enum(["reset", "welcome"]);

/** A user as listed and edited in administration. */
export const UserSummary = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  active: z.boolean(),
  customerIds: z.array(z.string()),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserUpdateBody = z.object({
  email: Email.optional(),
  firstName: z.string().trim().max(80, "Maximum 80 characters").optional(),
  lastName: z.string().trim().max(80, "Maximum 80 characters").optional(),
  roles: z.array(RoleName).max(5).optional(),
  claims: z.array(Claim).max(50).optional(),
  customerIds: z.array(z.string().max(40)).max(200).optional(),
  active: z.boolean().optional(),
});
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;
