// node-postgres's result class, which pg-array-rows.ts adjusts: the package types only its root.
declare module 'pg/lib/result.js' {
  const Result: { prototype: import('./pg-array-rows.js').PgResult };
  export default Result;
}
