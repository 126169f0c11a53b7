/**
 * The company details printed on receipts (and, later, on reports), and the business time zone
 * their dates are shown in. These are the defaults of one place: the admin settings issue
 * (docs/architecture.md section 3, "settings save company details") replaces them with what the admin saves,
 * so nothing else may hard-code a name, address, phone number or TIN.
 */
export interface CompanyDetails {
  name: string;
  address: string;
  phone: string;
  /** Taxpayer Identification Number issued by the Tanzania Revenue Authority. */
  tin: string;
}

/** Placeholders until the admin enters the real details in the settings. */
export const defaultCompanyDetails: CompanyDetails = {
  name: 'Trading Company',
  address: 'Dar es Salaam, Tanzania',
  phone: '+255 700 000 000',
  tin: '000-000-000',
};

/** Receipts show the shop's own time, whatever the device's zone (the server's BUSINESS_TZ default). */
export const businessTimeZone = 'Africa/Dar_es_Salaam';
