import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const CharityView = z
  .object({ id: z.string(), kind: z.literal('birthday'), country: z.string(), name: z.string() })
  .meta({ id: 'Charity' });

export const getBirthdayCharity = defineEndpoint({
  service: 'charities',
  method: 'GET',
  path: '/v1/charities/birthday',
  access: 'none',
  versions: ['1.0'],
  summary: 'The configured birthday charity',
  success: { status: 200, body: CharityView },
});

export const getPaymentModes = defineEndpoint({
  service: 'payments',
  method: 'GET',
  path: '/v1/modes',
  access: 'none',
  versions: ['1.0'],
  summary: 'The configured payment modes (their behaviour is not part of the product yet)',
  success: { status: 200, body: z.object({ modes: z.array(z.enum(['pledge', 'give'])) }) },
});

export const charitiesEndpoints = [getBirthdayCharity, getPaymentModes] as const;
