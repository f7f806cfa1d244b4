-- Origins allowed to show a project's hosted site in a frame (CSP `frame-ancestors`), e.g. a product
-- that embeds its docs; empty (the default): no other site may frame it. The sign-in page never.
ALTER TABLE projects ADD COLUMN frame_ancestors text[] NOT NULL DEFAULT '{}';
