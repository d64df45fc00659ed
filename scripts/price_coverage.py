#!/usr/bin/python3
"""Prints issue 14's price coverage from data/pricing.json, data/pricing_gaps.json and data/gpus.json.

For each card the issue names: the hourly (container) quotes per market, as quotes / distinct
sellers and how many of them are current (not older than 12 months before data_date, the
engine's stale rule in src/engine/price_market.cpp); the target, >= 3 quotes from >= 2 sellers,
is judged on the current ones; a mark shows where a search without a price is recorded in
pricing_gaps.json. Then the main cards' monthly-server, bare-metal and purchase quotes per
market; then which domestic cards have a price in any form (target: >= 4, and Ascend 910B from
>= 2 sellers).

usage: scripts/price_coverage.py [DATA_DIR]
"""
import json
import os
import sys

STALE_AFTER_MONTHS = 12  # src/engine/price_market.hpp kStaleAfterMonths


def month_index(as_of):
    """YYYY, YYYY-MM or YYYY-MM-DD as months since year 0; a year alone counts from its January."""
    parts = as_of.split("-")
    return int(parts[0]) * 12 + (int(parts[1]) - 1 if len(parts) > 1 else 0)

HOURLY = [("rtx-4090", "cn"), ("rtx-3090", "cn"), ("a100-80gb-sxm", "cn"), ("h20", "cn"), ("l20", "cn"),
          ("l40s", "cn"), ("rtx-4090", "global"), ("rtx-3090", "global"), ("a100-80gb-sxm", "global"),
          ("h100-sxm", "global")]
MAIN_CARDS = ["rtx-4090", "rtx-3090", "a100-80gb-sxm", "h100-sxm", "h20", "l40s"]


def main(data_dir):
    def load(name):
        with open(os.path.join(data_dir, name), encoding="utf-8") as f:
            return json.load(f)
    prices = load("pricing.json")["prices"]
    gaps = {(g["gpu"], g["service"], g["market"]) for g in load("pricing_gaps.json")["gaps"]}
    cards = {g["id"]: g for g in load("gpus.json")["gpus"]}

    data_month = month_index(load("pricing.json")["data_date"][:7])
    print("hourly (container) quotes: card market quotes/sellers (current quotes) [gap recorded]")
    for gpu, market in HOURLY:
        rows = [p for p in prices if p["gpu"] == gpu and p["market"] == market and p["service"] == "container"]
        sellers = sorted({p["provider"] for p in rows})
        current = [p for p in rows if data_month - month_index(p["as_of"]) <= STALE_AFTER_MONTHS]
        met = len(current) >= 3 and len({p["provider"] for p in current}) >= 2  # stale quotes do not count
        gap = " [gap recorded]" if (gpu, "container", market) in gaps else ""
        print("  %-14s %-6s %2d/%d (%d current) %s%s  %s" % (gpu, market, len(rows), len(sellers), len(current),
                                                             "met" if met else "NOT met", gap, ", ".join(sellers)))

    print("monthly server / bare metal / purchase quotes (quotes/sellers; - = none, * = gap recorded):")
    print("  %-14s %-6s %-14s %-14s %-14s" % ("card", "market", "monthly_server", "bare_metal", "purchase"))
    for gpu in MAIN_CARDS:
        for market in ("cn", "global"):
            cells = []
            for form in ("monthly_server", "bare_metal", "purchase"):
                rows = [p for p in prices if p["gpu"] == gpu and p["market"] == market and p["service"] == form]
                mark = "*" if (gpu, form, market) in gaps else ""
                cells.append(("%d/%d" % (len(rows), len({p["provider"] for p in rows})) if rows else "-") + mark)
            print("  %-14s %-6s %-14s %-14s %-14s" % (gpu, market, *cells))

    print("domestic cards with a price (any form):")
    priced = 0
    for gid, card in cards.items():
        if not card.get("domestic"):
            continue
        rows = [p for p in prices if p["gpu"] == gid]
        if rows:
            priced += 1
        forms = sorted({p["service"] for p in rows})
        sellers = sorted({p["provider"] for p in rows})
        print("  %-16s %d quotes, %d sellers %s %s" % (gid, len(rows), len(sellers), forms, ", ".join(sellers)))
    print("  priced: %d of %d domestic cards (target >= 4)" % (priced, sum(1 for c in cards.values() if c.get("domestic"))))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data")
