/** The operator's page: not a site page (no sitemap, no index); its HTML is an empty shell. */
export const adminPath = "/admin";
