// iban-to-bic ships no typings; this is the one function we use. It is CommonJS: default import only.
declare module 'iban-to-bic' {
  const ibanToBicModule: {
    /** The BIC of the IBAN's bank (AT, BE, DE, ES, FR, LU, NL national bank codes); undefined when unknown or invalid. */
    ibanToBic(iban: string): string | undefined;
  };
  export default ibanToBicModule;
}
