/** The contact and address fields a restaurant gives on sign-up and edits in its settings. */
export interface TenantContactInput {
  email: string;
  phone: string;
  address: string;
  street?: string | null;
  postal_code: string;
  city: string;
  state?: string | null;
  country: string;
  county?: string | null;
}

/** API field names to tenants columns; registration and settings share it so the two never map a field differently. */
export function tenantContactColumns<I extends TenantContactInput>(
  input: I,
): {
  email: I['email'];
  phone: I['phone'];
  address: I['address'];
  street: I['street'];
  postalCode: I['postal_code'];
  city: I['city'];
  state: I['state'];
  country: I['country'];
  county: I['county'];
} {
  return {
    email: input.email,
    phone: input.phone,
    address: input.address,
    street: input.street,
    postalCode: input.postal_code,
    city: input.city,
    state: input.state,
    country: input.country,
    county: input.county,
  };
}
