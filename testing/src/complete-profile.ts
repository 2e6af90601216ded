/** The profile filler lives with the scenarios of the developer controls, which walk partners through the same steps. */
export { completeDomesticProfile, gstinFor } from '@pp/server';
