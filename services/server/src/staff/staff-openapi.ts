/** References to the contract schemas the staff routes answer with (the codegen adds them as components). */
export const staffOne = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
export const staffListOf = (schema: string) => ({ type: 'array', items: staffOne(schema) });
