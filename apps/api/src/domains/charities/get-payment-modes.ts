import { getPaymentModes } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';

export default defineRoute(getPaymentModes, async () => ({ modes: ['pledge' as const, 'give' as const] }));
