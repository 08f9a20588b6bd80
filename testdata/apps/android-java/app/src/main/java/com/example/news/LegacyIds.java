package com.example.news;

/** Ids of the 1.x app, kept for the migration. */
final class LegacyIds {
    static final String DIGEST = "digest_v1";
}
