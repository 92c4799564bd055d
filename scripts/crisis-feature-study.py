"""Which sentence features would let the crisis classifier generalise to a new author?

A study, not part of the product: it reads only the development crisis sets
(evaluation/development/crisis*.jsonl), never the frozen held-out set.

For each feature set (the mean-pooled vectors of one or more GGUF models, through the
llama-cpp-python binding that setup installs), it trains a logistic regression with every
author's sets left out in turn (crisis-3a and crisis-3b count as one author), pools the
left-out probabilities, and reports, at the threshold that adds 0.5 % and 1.0 % of the hard
negatives as false positives on top of the rules', how many of the crises the rules miss the
classifier catches. The rules' decisions come from a file written by

    homeos dev eval crisis --data development --rules-only --misses > rules.txt

Usage (from the repository root, with setup's Python):

    ~/.cache/homeos/current/venv/bin/python scripts/crisis-feature-study.py rules.txt \
        --model minilm=~/.cache/homeos/models/all-MiniLM-L6-v2.f16.gguf \
        --model gemma=~/.cache/homeos/models/gemma-3-270m-q4_k_m.gguf \
        --combination minilm --combination gemma --combination minilm+gemma \\
        [--classifier logistic|hidden-layer]

With --terms pairs (or triples), the classifier is instead a logistic regression over the
vectors and the words and word pairs (and triples) of each message, as the product's
classifier reads them, and the report gives the recall of the rules or the classifier where
together they flag --budget of the hard negatives (the product's threshold rule). That is how
Gemma's vector was measured beside the words (docs/evaluation.md):

    ... --combination minilm --combination gemma --combination minilm+gemma --terms pairs
    ... --combination minilm --terms triples

Vectors are cached in --cache (default /tmp/crisis-feature-study): a model's vectors for the
development sets take about 2 minutes (MiniLM) and 15 minutes (Gemma 3 270M) on 2 cores.
"""
import argparse
import glob
import json
import os
import re

import numpy as np


def read_rows(root):
    rows = []
    for path in sorted(glob.glob(os.path.join(root, "evaluation/development/crisis*.jsonl"))):
        author = re.sub(r"[ab]?\.jsonl$", "", os.path.basename(path))
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    row = json.loads(line)
                    row["author"] = author
                    rows.append(row)
    return rows


def rule_decisions(rows, rules_file):
    """True where the rules flag the message, from the --misses listing."""
    missed, flagged = set(), set()
    with open(rules_file, encoding="utf-8") as listing:
        for line in listing:
            line = line.rstrip("\n")
            if match := re.match(r"MISSED \[[^\]]*\] (.*)$", line):
                missed.add(match.group(1))
            elif match := re.match(r"FLAGGED \([^)]*\) \[[^\]]*\] (.*)$", line):
                flagged.add(match.group(1))
    return np.array([(row["text"] not in missed) if row["crisis"] else (row["text"] in flagged) for row in rows])


def vectors(name, model_path, rows, cache):
    """Unit-length mean-pooled vectors of every row's text. Cached by text (keyed by the model
    file too, so another model given the same name is embedded afresh): a new development set
    embeds only its own rows."""
    path = os.path.join(cache, f"{name}-{os.path.basename(model_path)}.npy")
    texts_path = path + ".texts.json"
    known = {}
    if os.path.exists(path) and os.path.exists(texts_path):
        with open(texts_path, encoding="utf-8") as file:
            known = dict(zip(json.load(file), np.load(path)))
    missing = sorted({row["text"] for row in rows} - known.keys())
    if missing:
        import llama_cpp

        model = llama_cpp.Llama(model_path=os.path.expanduser(model_path), embedding=True, n_ctx=512, n_batch=512,
                                n_ubatch=512, n_threads=2, pooling_type=llama_cpp.LLAMA_POOLING_TYPE_MEAN, verbose=False)
        for start in range(0, len(missing), 32):
            chunk = missing[start:start + 32]
            for text, vector in zip(chunk, model.embed(chunk)):
                vector = np.array(vector, dtype=np.float32)
                known[text] = vector / np.linalg.norm(vector)
            print(f"  {name}: {min(start + 32, len(missing))}/{len(missing)}", end="\r", flush=True)
        print()
        os.makedirs(cache, exist_ok=True)
        texts = sorted(known)
        np.save(path, np.array([known[text] for text in texts], dtype=np.float32))
        with open(texts_path, "w", encoding="utf-8") as file:
            json.dump(texts, file)
    return np.array([known[row["text"]] for row in rows], dtype=np.float32)


def standardiser(features):
    """The function that standardises features by the training rows' mean and spread."""
    mean, scale = features.mean(0), features.std(0) + 1e-6
    return lambda other: (other - mean) / scale


def adam(parameters, gradient_of, iterations, rate):
    """Adam over a list of arrays; `gradient_of(parameters)` returns one gradient per array."""
    moments = [np.zeros_like(parameter) for parameter in parameters]
    seconds = [np.zeros_like(parameter) for parameter in parameters]
    for step in range(1, iterations + 1):
        for index, gradient in enumerate(gradient_of(parameters)):
            moments[index] = 0.9 * moments[index] + 0.1 * gradient
            seconds[index] = 0.999 * seconds[index] + 0.001 * gradient ** 2
            parameters[index] = parameters[index] - rate * (moments[index] / (1 - 0.9 ** step)) / (
                np.sqrt(seconds[index] / (1 - 0.999 ** step)) + 1e-8)
    return parameters


def sigmoid(values):
    return 1 / (1 + np.exp(-values))


def train(features, labels, l2, iterations=300, rate=0.05):
    """A logistic regression on standardised features; returns the probability function."""
    standardise = standardiser(features)
    standard = standardise(features)

    def gradients(parameters):
        error = sigmoid(standard @ parameters[0] + parameters[1]) - labels
        return [standard.T @ error / len(labels) + l2 * parameters[0], error.mean()]

    weights, bias = adam([np.zeros(features.shape[1]), np.zeros(())], gradients, iterations, rate)
    return lambda other: sigmoid(standardise(other) @ weights + bias)


def train_hidden_layer(features, labels, l2, hidden=128, iterations=400, rate=0.01, seed=0):
    """A one-hidden-layer network (ReLU) on standardised features; returns the probability function."""
    generator = np.random.default_rng(seed)
    standardise = standardiser(features)
    standard = standardise(features)

    def gradients(parameters):
        activation = np.maximum(0, standard @ parameters[0] + parameters[1])
        error = (sigmoid(activation @ parameters[2] + parameters[3]) - labels) / len(labels)
        hidden_error = np.outer(error, parameters[2]) * (activation > 0)
        return [standard.T @ hidden_error + l2 * parameters[0], hidden_error.sum(0),
                activation.T @ error + l2 * parameters[2], error.sum()]

    first, first_bias, second, second_bias = adam(
        [generator.normal(0, 1 / np.sqrt(features.shape[1]), (features.shape[1], hidden)), np.zeros(hidden),
         generator.normal(0, 1 / np.sqrt(hidden), hidden), np.zeros(())], gradients, iterations, rate)
    return lambda other: sigmoid(np.maximum(0, standardise(other) @ first + first_bias) @ second + second_bias)


def message_terms(text, longest):
    """The words and word runs up to `longest` words of a message, lowercased."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    terms = set(words)
    for length in range(2, longest + 1):
        terms |= {" ".join(words[start:start + length]) for start in range(len(words) - length + 1)}
    return terms


def train_with_terms(features, term_sets, labels, l2, iterations=300, rate=0.05, minimum_rows=3, crisis_weight=2.0):
    """A logistic regression on standardised features and the terms at least `minimum_rows`
    training rows contain (Adam, full batch); returns the probability function of (features, term sets)."""
    counts = {}
    for terms in term_sets:
        for term in terms:
            counts[term] = counts.get(term, 0) + 1
    vocabulary = {term: index for index, term in enumerate(sorted(t for t, c in counts.items() if c >= minimum_rows))}

    def flatten(sets):
        pairs = [(vocabulary[term], row) for row, terms in enumerate(sets) for term in terms if term in vocabulary]
        return (np.array([p[0] for p in pairs], dtype=np.int64), np.array([p[1] for p in pairs], dtype=np.int64))

    standardise = standardiser(features)
    standard = standardise(features)
    flat, owner = flatten(term_sets)
    weights_of_rows = np.where(labels == 1, crisis_weight, 1.0)
    weights_of_rows /= weights_of_rows.sum()

    def logits(parameters, standard, flat, owner, count):
        return standard @ parameters[0] + parameters[2] + np.bincount(owner, weights=parameters[1][flat], minlength=count)

    def gradients(parameters):
        error = (sigmoid(logits(parameters, standard, flat, owner, len(labels))) - labels) * weights_of_rows
        return [standard.T @ error + l2 * parameters[0],
                np.bincount(flat, weights=error[owner], minlength=len(vocabulary)) + 0.1 * l2 * parameters[1], error.sum()]

    parameters = adam([np.zeros(features.shape[1]), np.zeros(len(vocabulary)), np.zeros(())], gradients, iterations, rate)

    def probability(other, other_sets):
        other_flat, other_owner = flatten(other_sets)
        return sigmoid(logits(parameters, standardise(other), other_flat, other_owner, len(other)))
    return probability


def left_out_by_author(authors, score):
    """Each row's probability from a classifier trained without its author's rows:
    `score(kept, held)` trains on the indices `kept` and scores the indices `held`."""
    left_out = np.zeros(len(authors))
    for author in np.unique(authors):
        left_out[authors == author] = score(np.where(authors != author)[0], np.where(authors == author)[0])
    return left_out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rules", help="the output of homeos dev eval crisis --data development --rules-only --misses")
    parser.add_argument("--model", action="append", required=True, help="name=path of a GGUF model")
    parser.add_argument("--combination", action="append", required=True, help="names joined by +")
    parser.add_argument("--classifier", choices=("logistic", "hidden-layer"), default="logistic")
    parser.add_argument("--l2", type=float, default=0.001)
    parser.add_argument("--cache", default="/tmp/crisis-feature-study")
    parser.add_argument("--terms", choices=("none", "pairs", "triples"), default="none",
                        help="add the words and word pairs (or triples) to a logistic regression")
    parser.add_argument("--budget", type=float, action="append",
                        help="with --terms: hard negatives the rules or the classifier may flag (default 0.03 and 0.035)")
    arguments = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rows = read_rows(root)
    ruled = rule_decisions(rows, arguments.rules)
    labels = np.array([row["crisis"] for row in rows], dtype=float)
    authors = np.array([row["author"] for row in rows])
    hard = np.array([not row["crisis"] and row["category"] not in ("ordinary-household", "cooking-and-chores")
                     for row in rows])
    models = dict(entry.split("=", 1) for entry in arguments.model)
    features = {name: vectors(name, path, rows, arguments.cache) for name, path in models.items()}
    print(f"{len(rows)} development messages, {len(set(authors))} authors; rules flag "
          f"{ruled[labels == 1].mean() * 100:.1f} % of crises and {ruled[hard].mean() * 100:.1f} % of hard negatives")
    if arguments.terms != "none":
        longest = 3 if arguments.terms == "triples" else 2
        term_sets = [message_terms(row["text"], longest) for row in rows]
        for combination in arguments.combination:
            matrix = np.hstack([features[name] for name in combination.split("+")])
            left_out = left_out_by_author(authors, lambda kept, held: train_with_terms(
                matrix[kept], [term_sets[i] for i in kept], labels[kept], arguments.l2)(matrix[held], [term_sets[i] for i in held]))
            cells = []
            for budget in arguments.budget or [0.03, 0.035]:
                threshold = next((t for t in np.arange(0.3, 0.9995, 0.0005) if (ruled | (left_out >= t))[hard].mean() <= budget), 0.9995)
                flagged = ruled | (left_out >= threshold)
                cells.append(f"{budget * 100:.1f} % FP: recall {flagged[labels == 1].mean() * 100:.1f} % (classifier alone "
                             f"{(left_out >= threshold)[labels == 1].mean() * 100:.1f} %)")
            print(f"{'logistic+' + arguments.terms:>16} {combination:>12}  " + "  |  ".join(cells), flush=True)
        return
    for combination in arguments.combination:
        matrix = np.hstack([features[name] for name in combination.split("+")])
        fit = train if arguments.classifier == "logistic" else train_hidden_layer
        left_out = left_out_by_author(authors, lambda kept, held: fit(matrix[kept], labels[kept], arguments.l2)(matrix[held]))
        cells = []
        for added in (0.005, 0.01):
            negatives = left_out[hard & ~ruled]
            threshold = np.quantile(negatives, 1 - added * hard.sum() / len(negatives))
            flagged = ruled | (left_out >= threshold)
            caught = (left_out[(labels == 1) & ~ruled] >= threshold).mean()
            cells.append(f"+{added * 100:.1f} % FP: {caught * 100:.1f} % of rule misses, recall "
                         f"{flagged[labels == 1].mean() * 100:.1f} %, hard-negative FP {flagged[hard].mean() * 100:.1f} %")
        print(f"{arguments.classifier:>12} {combination:>12}  " + "  |  ".join(cells), flush=True)


if __name__ == "__main__":
    main()
