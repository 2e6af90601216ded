const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
/** Rupees as Indians write them: ₹12,34,567. */
export const rupees = (amount: number) => inr.format(amount);
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
/** Rupees with paise where there are any (a bid is exact): ₹8,50,000 but ₹8,50,000.50. */
export const rupeesExact = (amount: number) => (Number.isInteger(amount) ? inr : inrPaise).format(amount);
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
/** Short rupees for chart axes: ₹12L, ₹1.2Cr in Indian English. */
export const shortRupees = (amount: number) => `₹${compact.format(amount)}`;
