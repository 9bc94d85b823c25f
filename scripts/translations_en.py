"""English for every Danish source string (Danish is the source language and the default).
``python scripts/translations_en.py`` fills locale/en/LC_MESSAGES/django.po; game words stay Danish."""
EN = {
    "For mange mislykkede forsøg. Vent et kvarter, og prøv igen.": "Too many failed attempts. Wait a quarter of an hour and try again.",
    "Sæson": "Season", "alle": "all", "Fra": "From", "Til": "To", "Medtag åbne aftener": "Include open evenings",
    "hjem": "home", "tabt": "lost", "hjerter": "hearts", "ruder": "diamonds", "klør": "clubs", "spar": "spades",
    "konger": "kings", "konge": "king", "dame": "queen", "kavaler": "cavalier", "knægt": "knave",
    "kopperne ikke flyttet": "cups not moved", "fejlgivning": "misdeal", "forkert antal kort": "wrong card count",
    "falsk melding": "false meld", "glemt melding": "missed meld", "meldt før giveren": "melded before the dealer",
    "spillet uden for tur": "played out of turn", "falsk skiskald": "false scies call", "anden bøde": "other fine",
    "Taroks med pagat": "Taroks with pagat", "%(n)s med": "%(n)s with", "Taroks uden pagat": "Taroks without pagat",
    "%(n)s uden": "%(n)s without", "Matadorer": "Matadors", "%(n)s store": "%(n)s matadors", "Sprøjte": "Overfull",
    "sprøjte i %(g)s": "overfull in %(g)s", "Hele": "Full", "hele %(g)s": "full %(g)s", "Halve konger": "Half kings",
    "halve konger, mangler %(s)s konge": "half kings, missing the %(s)s king", "Halve %(g)s": "Half %(g)s",
    "halve %(g)s, mangler %(c)s": "half %(g)s, missing the %(c)s", "Spillet": "Deal", "spillet": "played",
    "kasseret": "scrapped", "Giver": "Dealer", "Pagat hos": "Pagat held by", "Pagat": "Pagat",
    "%(s)s konge hos": "%(s)s king held by", "Skæbne": "Fate", "Sidste stik": "Last trick", "Udregnes": "Derived",
    "Melder": "Melder", "Melding": "Meld", "Bødlagt": "Fined", "Bøde": "Fine", "Beløb pr. kop": "Amount per cup",
    "Vælg både melder og melding.": "Choose both the melder and the meld.",
    "Vælg både spiller og bøde.": "Choose both the player and the fine.", "Dato": "Date", "Plads %(n)s": "Seat %(n)s",
    "eller ny spiller": "or a new player",
    "Vælg en spiller eller skriv et nyt navn, ikke begge.": "Choose a player or type a new name, not both.",
    "En spiller kan kun sidde ét sted ved bordet.": "A player can sit in only one seat at the table.",
    "Et bord har 3 til 5 spillere.": "A table seats 3 to 5 players.", "Aftenfil (JSON)": "Evening file (JSON)",
    "Filen er for stor (højst 1 MB).": "The file is too large (at most 1 MB).",
    "Filen er ikke UTF-8-tekst.": "The file is not UTF-8 text.",
    "Filen er ikke gyldig JSON: %(e)s": "The file is not valid JSON: %(e)s", "navn": "name",
    "kroner pr. point": "kroner per point", "takstkort": "rate card", "klub": "club", "klubber": "clubs",
    "starter": "starts", "slutter": "ends", "sæson": "season", "sæsoner": "seasons", "spiller": "player",
    "spillere": "players", "dato": "date", "lukket": "closed", "aften": "evening", "aftener": "evenings",
    "bord": "table", "borde": "tables", "åbning": "opening", "spil": "deal", "deling": "split",
    "tilbageførsel": "reversal", "posteringer": "journal entries", "kongekop": "kongekop", "pagatkop": "pagatkop",
    "klubadministrator": "club admin", "skriver": "scorekeeper", "medlem": "member", "rolle": "role",
    "medlemskab": "membership", "medlemskaber": "memberships",
    "Aftenen er lukket; den kan ikke ændres.": "The evening is closed; it cannot be changed.",
    "En anden har registreret et spil ved bordet – her er arket nu; dine indtastninger er bevaret.":
        "Someone else recorded a deal at this table – here is the sheet now; your input is kept.",
    "Alle spillere skal være medlemmer af klubben.": "All players must be members of the club.",
    "%(names)s sidder allerede ved et andet bord i aften.": "%(names)s already sits at another table tonight.",
    "Spillet er allerede rettet; ret den nyeste udgave.": "The deal was already corrected; correct the newest version.",
    "Navnet må ikke være tomt.": "The name must not be empty.", "Aftenen hører til en anden klub.": "The evening belongs to another club.",
    "Spiller": "Player", "Aftener": "Evenings", "Spil": "Deals", "Point": "Points", "Kroner": "Kroner",
    "Gns. pr. spil": "Avg. per deal", "Pagat ultimo": "Pagat ultimo", "Konge ultimo": "King ultimo",
    "Pagat bagud": "Pagat bagud", "Konge bagud": "King bagud", "Meldepoint": "Meld points", "Bøder": "Fines",
    "Bedste aften": "Best evening", "Værste aften": "Worst evening", "Samlet": "Cumulative", "Lukket": "Closed",
    "Borde": "Tables", "Kopper delt": "Cups shared", "Du kan ikke oprette aftener.": "You cannot create evenings.",
    "Aftenen er lukket, og kopperne er delt.": "The evening is closed and the cups are shared.",
    "Aftenfilen er indlæst.": "The evening file was imported.", "Du kan ikke indlæse aftener.": "You cannot import evenings.",
    "Samlede point for %(name)s": "Cumulative points for %(name)s", "Spil %(n)s er gemt.": "Deal %(n)s is saved.",
    "Spil %(n)s er rettet.": "Deal %(n)s is corrected.", "Log ud": "Log out", "Log ind": "Log in",
    "Brugernavn": "Username", "Adgangskode": "Password", "Vis": "Show",
    "Spillerne i den rækkefølge, der gives i (3 til 5).": "The players in dealing order (3 to 5).",
    "Stilling": "Standings", "Førerfeltet": "Leaderboard", "Ingen lukkede aftener endnu.": "No closed evenings yet.",
    "Største kopper vundet": "Largest cups won", "Aftener og kopper": "Evenings and cups", "Hent": "Download",
    "Ret spil %(n)s": "Correct deal %(n)s", "Bord": "Table", "Ret spil %(n)s ved bord %(t)s": "Correct deal %(n)s at table %(t)s",
    "Rettelsen gemmes som en ny udgave; den gamle bevares, og alle senere spil genberegnes.":
        "The correction is saved as a new version; the old one is kept and every later deal is settled again.",
    "Gem rettelse": "Save correction", "Fortryd": "Cancel", "Luk aftenen": "Close the evening",
    "Når aftenen lukkes, deles kongekoppen og pagatkoppen ligeligt mellem spillerne ved hvert bord, stillingen bliver endelig, og aftenen kan derefter kun læses.":
        "Closing the evening shares the kongekop and the pagatkop equally among the players at each table, makes the totals final, and leaves the evening read-only.",
    "Ja, luk aftenen": "Yes, close the evening", "Åben": "Open", "Afregningsark (PDF)": "Settlement sheet (PDF)",
    "%(n)s spil": "%(n)s deals", "Eksportér": "Export", "heraf deling af kopperne": "of which the cups' split",
    "Slutresultat": "Final result", "Hvem betaler hvem": "Who pays whom",
    "%(payer)s betaler %(payee)s %(points)s point": "%(payer)s pays %(payee)s %(points)s points",
    "Ingen skylder noget.": "Nobody owes anything.", "Nyt bord": "New table", "Indlæs bord": "Import table",
    "Indlæs et bord fra en aftenfil": "Import a table from an evening file", "Importér aften": "Import evening",
    "Klub": "Club", "Indlæs": "Import", "Ny aften": "New evening", "Bord 1": "Table 1", "Opret aften": "Create evening",
    "åben": "open", "Ingen aftener endnu.": "No evenings yet.", "Sidder over": "Sits out", "Tælling": "Counting",
    "Tast to tal; den tredje udregnes.": "Enter two counts; the third is derived.",
    "Udregnes (hvis alle tre tæller)": "Derived (if all three count)", "Meldinger": "Melds",
    "Konger tabt / ultimo / bagud": "Kings lost / ultimo / bagud", "Tout / nolo": "Tout / nolo",
    "point pr. kop": "points per cup", "%(name)s udregnes: %(amount)s": "%(name)s is derived: %(amount)s",
    "Alle betalinger": "All payments", "K-kop": "K-cup", "P-kop": "P-cup", "start": "start", "Ret": "Correct",
    "I alt": "Total", "Forhånd": "Forehand", "Mellemhånd": "Middlehand", "side": "page", "af": "of",
    "Takstkort": "Rate card", "%(rate)s kr. pr. point": "%(rate)s kr. per point",
    "Foreløbig – aftenen er ikke lukket": "Provisional – the evening is not closed", "Kongekop": "Kongekop",
    "Pagatkop": "Pagatkop", "Betaler": "Payer", "Underskrifter": "Signatures", "fra": "from", "til": "to",
    "Samlede point aften for aften": "Cumulative points evening by evening", "Spil %(n)s": "Deal %(n)s",
    "Betalingerne vises her, mens du taster.": "The payments appear here as you type.", "Gem spil": "Save deal",
    "Aftenen er lukket; arket kan kun læses.": "The evening is closed; the sheet is read-only.", "Arket": "The sheet",
    "Opret bord": "Create table", "giverafgift": "dealer's fee", "bøde": "fine", "melding": "meld",
    "pagat hjem": "pagat home", "pagat tabt": "pagat lost", "konge tabt": "king lost", "sidste stik": "last trick",
    "tælling": "counting", "kop genfyldt": "cup refilled",
}


def fill_plain(path: str) -> list[str]:
    import re
    text = open(path, encoding="utf-8").read()
    missing = []

    def replace(match):
        msgid = "".join(re.findall(r'"(.*)"', match.group(1)))
        if not msgid:
            return match.group(0)
        english = EN.get(msgid)
        if english is None:
            missing.append(msgid)
            return match.group(0)
        escaped = english.replace("\\", "\\\\").replace('"', '\\"')
        return f'msgid {match.group(1).strip()}\nmsgstr "{escaped}"\n'

    text = re.sub(r'msgid ((?:"[^\n]*"\n)+)msgstr ""\n(?!")', replace, text)
    text = text.replace("#, fuzzy\n", "", 1)
    text = text.replace('msgid "%(n)s spil"\nmsgid_plural "%(n)s spil"\nmsgstr[0] ""\nmsgstr[1] ""',
                        'msgid "%(n)s spil"\nmsgid_plural "%(n)s spil"\nmsgstr[0] "%(n)s deal"\nmsgstr[1] "%(n)s deals"')
    open(path, "w", encoding="utf-8").write(text)
    return missing


if __name__ == "__main__":
    import sys
    missing = fill_plain("locale/en/LC_MESSAGES/django.po")
    for msgid in missing:
        print("untranslated:", msgid, file=sys.stderr)
    sys.exit(1 if missing else 0)
