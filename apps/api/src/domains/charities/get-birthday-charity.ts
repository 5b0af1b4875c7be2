import { getBirthdayCharity } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';

export default defineRoute(getBirthdayCharity, async ({ ctx }) => ({
  id: ctx.config.BIRTHDAY_CHARITY_ID,
  kind: 'birthday' as const,
  country: ctx.config.BIRTHDAY_CHARITY_COUNTRY,
  name: ctx.config.BIRTHDAY_CHARITY_NAME,
}));
