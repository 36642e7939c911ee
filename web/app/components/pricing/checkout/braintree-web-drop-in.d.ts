// braintree-web-drop-in ships no types: the part of its API the wallet form uses.
declare module 'braintree-web-drop-in' {
  interface DropinCreateOptions {
    authorization: string;
    container: HTMLElement;
    paypal?: { flow: 'vault' | 'checkout' };
    card?: false;
  }
  interface Dropin {
    requestPaymentMethod(): Promise<{ nonce: string }>;
    teardown(): Promise<void>;
  }
  const dropin: { create(options: DropinCreateOptions): Promise<Dropin> };
  export default dropin;
}
