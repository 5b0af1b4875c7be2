import type { Route } from '../../http/route.js';
import getBirthdayCharity from './get-birthday-charity.js';
import getPaymentModes from './get-payment-modes.js';

export const charitiesRoutes = [getBirthdayCharity, getPaymentModes] as Route[];
