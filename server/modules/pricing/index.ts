/**
 * Public surface of the pricing module (the pricing engine). Other modules (diagnosis, quotes,
 * admin) use only this. Being built for the diagnosis issue; the signature below is the contract:
 *
 *   createPricingService(db: Database) → {
 *     estimate(input: { issueSlug: string; zip?: string; urgency: Urgency; modifierKeys?: string[] })
 *       : Promise<EstimateResponse | null>   // null when the slug is not an active catalogue issue
 *     listActiveIssues(): Promise<Array<{ issueSlug: string; issueName: string; category: string }>>
 *   }
 *
 * EstimateResponse and CostBreakdown are in shared/validators/estimate.ts.
 */
export {};
