import { defineSignInTests } from './sign-in.flows.js';

defineSignInTests(true, true);
