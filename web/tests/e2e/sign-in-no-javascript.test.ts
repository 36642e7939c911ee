import { defineSignInTests } from './sign-in.flows.js';

defineSignInTests(false, false);
