#!/usr/bin/env python3
"""Regenerate the SkyPilot-derived price quotes of data/pricing.json from a SkyPilot catalog.

The SkyPilot catalog (github.com/skypilot-org/skypilot-catalog) publishes, per cloud, a
vms.csv with on-demand (Price) and spot (SpotPrice) prices of every instance type and region.
This script turns the rows of the GPU instance types GPU Atlas knows into per-GPU hourly
quotes (service "container": billed while running):

  per-GPU price = instance price / AcceleratorCount          (1-GPU shapes preferred)
  Google Cloud:   per-GPU price = host VM price (a2/a3 *-1g) + the 1-GPU accelerator row
                  (GCP lists the accelerator and the host machine separately)

Clouds that price by region (Google Cloud) get one quote per region that maps to a
data/regions.json id; the others get one quote per card (their price is the same everywhere,
or the region is a marketplace host, which is not a region of ours).

Usage:
  scripts/skypilot_quotes.py CATALOG_DIR [--merge data/pricing.json] [--as-of YYYY-MM-DD]
                             [--commits commits.json]

CATALOG_DIR is a checkout of skypilot-catalog (or any folder with catalogs/v8/<cloud>/vms.csv).
The date of each quote is the file's last commit date when CATALOG_DIR is a git checkout
(git log -1 --format=%cs), else --as-of. --commits maps "catalogs/v8/<cloud>/vms.csv" to the
commit the rows were read at (used in the source address); without it the address names the
checkout's HEAD (or "master"). With --merge, quotes whose id starts with "sky-" are replaced in
that file (minified, as the app ships it); without it the quotes are printed.
"""
import argparse
import csv
import json
import re
import os
import subprocess
import sys

REPO = "https://github.com/skypilot-org/skypilot-catalog/blob/{commit}/{path}"

# (cloud, AcceleratorName) -> data/gpus.json id, and a note when the mapping is a judgement.
GPU_MAP = {
    ("gcp", "A100"): ("a100-40gb-sxm", ""),
    ("gcp", "A100-80GB"): ("a100-80gb-sxm", ""),
    ("gcp", "H100"): ("h100-sxm", ""),
    ("vast", "RTX4090"): ("rtx-4090", ""),
    ("vast", "RTX3090"): ("rtx-3090", ""),
    ("vast", "RTX5090"): ("rtx-5090", ""),
    ("vast", "RTX3060"): ("rtx-3060-12gb", "12 GB listing"),
    ("vast", "RTX6000-Ada"): ("rtx-6000-ada", ""),
    ("vast", "RTXA6000"): ("rtx-a6000", ""),
    ("vast", "L40S"): ("l40s", ""),
    ("vast", "H200"): ("h200-sxm", ""),
    ("vast", "B200"): ("b200-sxm", ""),
    ("vast", "H100@H100_SXM"): ("h100-sxm", ""),
    ("vast", "A100@A100_SXM4"): ("a100-40gb-sxm", "40 GB SXM4 listing"),
    ("vast", "A100@A100_PCIE"): ("a100-80gb-sxm", "A100 80 GB PCIe listing, priced as the 80 GB A100"),
    ("lium", "RTX4090"): ("rtx-4090", ""),
    ("lium", "RTX3090"): ("rtx-3090", ""),
    ("lium", "RTX5090"): ("rtx-5090", ""),
    ("lium", "RTX6000-Ada"): ("rtx-6000-ada", ""),
    ("lium", "RTXPRO6000"): ("rtx-pro-6000-blackwell", ""),
    ("lium", "L40S"): ("l40s", ""),
    ("lium", "L40"): ("l40", ""),
    ("lium", "H100-SXM"): ("h100-sxm", ""),
    ("lium", "H200"): ("h200-sxm", ""),
    ("lium", "B200"): ("b200-sxm", ""),
    ("lium", "B300"): ("b300-sxm", ""),
    ("nebius", "H100"): ("h100-sxm", "gpu-h100-sxm shape"),
    ("nebius", "H200"): ("h200-sxm", ""),
    ("nebius", "L40S"): ("l40s", "smallest L40S shape (8 vCPU)"),
    ("nebius", "B200"): ("b200-sxm", ""),
    ("hyperstack", "A100-80G-PCIe"): ("a100-80gb-sxm", "A100 80 GB PCIe, priced as the 80 GB A100"),
    ("hyperstack", "H100-80G-PCIe"): ("h100-pcie", ""),
    ("hyperstack", "H100-80G-SXM5"): ("h100-sxm", ""),
    ("hyperstack", "L40"): ("l40", ""),
    ("hyperstack", "RTX-A6000"): ("rtx-a6000", ""),
    ("cudo", "H100-SXM"): ("h100-sxm", "smallest shape (2 vCPU, 4 GB)"),
    ("cudo", "A100"): ("a100-80gb-sxm", "A100 80 GB PCIe, smallest shape"),
    ("cudo", "L40S"): ("l40s", "smallest shape"),
    ("cudo", "RTXA6000"): ("rtx-a6000", "smallest shape"),
    ("jarvislabs", "L4"): ("l4", ""),
    ("jarvislabs", "RTXPRO6000"): ("rtx-pro-6000-blackwell", ""),
    ("hyperbolic", "H100"): ("h100-sxm", "H100 80GB HBM3 (the SXM part)"),
    ("oci", "A10"): ("a10", ""),
    ("oci", "A100-80GB"): ("a100-80gb-sxm", "bare-metal shape billed by the hour"),
    ("oci", "A100"): ("a100-40gb-sxm", "bare-metal shape billed by the hour"),
    ("oci", "H100"): ("h100-sxm", "bare-metal shape billed by the hour"),
    ("oci", "H200"): ("h200-sxm", "bare-metal shape billed by the hour"),
    ("oci", "B200"): ("b200-sxm", "bare-metal shape billed by the hour"),
    ("oci", "B300"): ("b300-sxm", "bare-metal shape billed by the hour"),
    ("oci", "L40S"): ("l40s", "bare-metal shape billed by the hour"),
    ("oci", "MI300X"): ("mi300x", "bare-metal shape billed by the hour"),
    ("oci", "MI355X"): ("mi355x", "bare-metal shape billed by the hour"),
    ("oci", "RTXPRO6000"): ("rtx-pro-6000-blackwell", "bare-metal shape billed by the hour"),
    ("seeweb", "A30"): ("a30", ""),
    ("seeweb", "H200"): ("h200-sxm", ""),
    ("seeweb", "RTX PRO 6000 96GB"): ("rtx-pro-6000-blackwell", ""),
    ("seeweb", "RTXA6000"): ("rtx-a6000", ""),
    ("seeweb", "A100"): ("a100-80gb-sxm", "80 GB A100"),
    ("seeweb", "L4"): ("l4", ""),
    ("seeweb", "L40S"): ("l40s", ""),
    ("yotta", "RTX5090"): ("rtx-5090", ""),
    # Marketplaces that resell other clouds: one seller per upstream cloud (see SELLER_OF).
    ("primeintellect", "A100-80GB"): ("a100-80gb-sxm", ""),
    ("primeintellect", "A100"): ("a100-40gb-sxm", ""),
    ("primeintellect", "H100"): ("h100-sxm", ""),
    ("primeintellect", "H200"): ("h200-sxm", ""),
    ("primeintellect", "B200"): ("b200-sxm", ""),
    ("primeintellect", "L40"): ("l40", ""),
    ("primeintellect", "L40S"): ("l40s", ""),
    ("primeintellect", "RTX6000Ada"): ("rtx-6000-ada", ""),
    ("primeintellect", "A6000"): ("rtx-a6000", ""),
    ("spheron", "H100_SXM5"): ("h100-sxm", ""),
    ("spheron", "H100_PCIE"): ("h100-pcie", ""),
    ("spheron", "A100_80G_SXM4"): ("a100-80gb-sxm", ""),
    ("spheron", "A100_80G_PCIE"): ("a100-80gb-sxm", "A100 80 GB PCIe, priced as the 80 GB A100"),
    ("spheron", "RTX5090_PCIE"): ("rtx-5090", ""),
    ("spheron", "L40S_PCIE_BAREMETAL"): ("l40s", ""),
}

# The upstream seller of a marketplace row, or "" for the marketplace itself.
SELLER_OF = {
    "primeintellect": lambda r: r["InstanceType"].split("__")[0],
    "spheron": lambda r: r.get("Provider", ""),
}
# Upstream sellers whose rows do not say which H100 form they are (left out).
SKIP_UPSTREAM = {("primeintellect", "hyperstack")}

PROVIDERS = {
    "gcp": "Google Cloud", "vast": "Vast.ai (marketplace)", "lium": "Lium (marketplace)",
    "nebius": "Nebius", "hyperstack": "Hyperstack", "cudo": "Cudo Compute",
    "jarvislabs": "Jarvislabs", "hyperbolic": "Hyperbolic", "primeintellect": "Prime Intellect",
    "spheron": "Spheron", "oci": "Oracle Cloud (OCI)", "seeweb": "Seeweb", "yotta": "Yotta",
}

# Google Cloud regions -> data/regions.json ids (the regions' own cloud_examples).
GCP_REGIONS = {
    "us-east4": "us-east-virginia", "us-west1": "us-west-oregon", "us-central1": "us-central-iowa",
    "europe-west3": "eu-central-frankfurt", "europe-north1": "eu-north-finland",
    "asia-southeast1": "ap-singapore", "asia-northeast1": "ap-tokyo", "asia-south1": "ap-mumbai",
    "australia-southeast1": "ap-sydney", "southamerica-east1": "sa-saopaulo",
    "asia-northeast3": "ap-seoul", "asia-east2": "ap-hongkong",
}
# The 1-GPU host machine of each GCP accelerator.
GCP_HOST = {"A100": "a2-highgpu-1g", "A100-80GB": "a2-ultragpu-1g", "H100": "a3-highgpu-1g"}


def rows(path):
    with open(path, newline="") as f:
        yield from csv.DictReader(f)


def git(catalog, *args):
    try:
        return subprocess.run(["git", "-C", catalog, *args], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def quote(cloud, gpu, price, as_of, source, note, region=None, seller=""):
    qid = "sky-%s-%s%s%s" % (cloud, seller.replace("_", "-") + "-" if seller else "", gpu, "-" + region if region else "")
    provider = "%s (via %s)" % (seller, PROVIDERS[cloud]) if seller else PROVIDERS[cloud]
    q = {"id": qid, "gpu": gpu, "service": "container", "provider": provider,
         "market": "global", "price_per_gpu_hour": round(price, 5), "currency": "USD",
         "as_of": as_of, "estimate": False,
         "notes": ("SkyPilot catalog, on-demand; per-GPU = instance price / GPU count. " + note).strip(),
         "sources": [source]}
    if region:
        q["region"] = region
    return q


def per_gpu_cheapest(path, cloud):
    """(seller, gpu) -> (cheapest on-demand per-GPU price over shapes and hosts, note)."""
    best = {}
    for r in rows(path):
        seller = SELLER_OF[cloud](r) if cloud in SELLER_OF else ""
        if (cloud, seller) in SKIP_UPSTREAM:
            continue
        name, count, price = r.get("AcceleratorName", ""), r.get("AcceleratorCount", ""), r.get("Price", "")
        if not name or not count or not price:
            continue
        key = (cloud, name)
        if cloud == "vast":  # the instance type names the SKU: 1x-H100_SXM-32-65536
            sku = r["InstanceType"].split("-", 1)[1].rsplit("-", 2)[0]
            key = (cloud, name + "@" + sku) if (cloud, name + "@" + sku) in GPU_MAP else key
        if key not in GPU_MAP:
            continue
        gpu, note = GPU_MAP[key]
        v = float(price) / float(count)
        if v > 0 and ((seller, gpu) not in best or v < best[(seller, gpu)][0]):
            best[(seller, gpu)] = (v, note)
    return best


def gcp_quotes(path, as_of, source, dated):
    host, accel = {}, {}
    for r in rows(path):
        region = r.get("Region", "")
        if r.get("InstanceType") in GCP_HOST.values() and r.get("Price"):
            host[(r["InstanceType"], region)] = float(r["Price"])
        elif not r.get("InstanceType") and r.get("AcceleratorCount") in ("1", "1.0") and r.get("Price"):
            accel[(r["AcceleratorName"], region)] = float(r["Price"])
    out = []
    for (name, region), gpu_price in sorted(accel.items()):
        if ("gcp", name) not in GPU_MAP or region not in GCP_REGIONS:
            continue
        h = host.get((GCP_HOST[name], region))
        if h is None:
            continue
        gpu, _ = GPU_MAP[("gcp", name)]
        note = "Google Cloud prices by region; %s %s: host %s USD/h + GPU %s USD/h. %s" % (
            GCP_HOST[name], region, h, gpu_price, dated)
        if name == "H100":
            note += (" The catalog's H100 GPU price differs widely by region (4.20 to 12.58 USD/h);"
                     " a3-highgpu-1g is sold as Spot/Flex-start only in some regions.")
        out.append(quote("gcp", gpu, h + gpu_price, as_of, source, note, GCP_REGIONS[region]))
    return out


def add_providers(data, quotes):
    """Every quote's provider is a record of data["providers"] (the loader checks it): sellers
    new to the table are added with their Chinese name ("x (via Y)" -> "x（经 Y）"; a seller's
    own name is a proper noun and stays) and the catalog file as their source."""
    providers = data.setdefault("providers", [])
    known = {p["name"] for p in providers} | {p["id"] for p in providers}
    ids = {p["id"] for p in providers}
    for q in quotes:
        name = q["provider"]
        if name in known:
            continue
        pid = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        while pid in ids:
            pid += "-2"
        m = re.match(r"^(.*) \(via (.*)\)$", name)
        providers.append({"id": pid, "name": name, "name_zh": "%s（经 %s）" % m.groups() if m else name,
                          "sources": [q["sources"][0]]})
        known.add(name)
        ids.add(pid)


def dump_catalog(data):
    """Minified JSON with one record of each list per line (small, and diffs stay readable)."""
    def compact(v):
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            body = "[\n" + ",\n".join(compact(x) for x in value) + "\n]"
        else:
            body = compact(value)
        parts.append(compact(key) + ":" + body)
    return "{" + ",\n".join(parts) + "}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("catalog")
    ap.add_argument("--merge")
    ap.add_argument("--as-of")
    ap.add_argument("--commits")
    a = ap.parse_args()
    commits = json.load(open(a.commits)) if a.commits else {}
    head = git(a.catalog, "rev-parse", "HEAD") or "master"
    quotes = []
    for cloud in sorted({c for c, _ in GPU_MAP}):
        rel = "catalogs/v8/%s/vms.csv" % cloud
        path = os.path.join(a.catalog, rel)
        if not os.path.exists(path):
            print("skip %s: not in the catalog" % rel, file=sys.stderr)
            continue
        as_of = git(a.catalog, "log", "-1", "--format=%cs", "--", rel)
        dated = "Dated by the file's last commit." if as_of else "Dated when the rows were read (no commit date available)."
        as_of = as_of or a.as_of
        if not as_of:
            sys.exit("%s: no git date; pass --as-of YYYY-MM-DD" % rel)
        source = REPO.format(commit=commits.get(rel, head), path=rel)
        if cloud == "gcp":
            quotes += gcp_quotes(path, as_of, source, dated)
            continue
        for (seller, gpu), (v, note) in sorted(per_gpu_cheapest(path, cloud).items()):
            quotes.append(quote(cloud, gpu, v, as_of, source, "Cheapest shape listed. " + note + " " + dated,
                                seller=seller))
    if not a.merge:
        json.dump(quotes, sys.stdout, ensure_ascii=False, indent=1)
        return
    data = json.load(open(a.merge))
    data["prices"] = [p for p in data["prices"] if not p["id"].startswith("sky-")] + quotes
    add_providers(data, quotes)
    with open(a.merge, "w") as f:
        f.write(dump_catalog(data))
    print("%d SkyPilot quotes merged into %s" % (len(quotes), a.merge), file=sys.stderr)


if __name__ == "__main__":
    main()
