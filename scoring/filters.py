"""django-filter sets: which evenings the standings cover, and of which rule set."""
import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Evening, Season, Table


class EveningFilter(django_filters.FilterSet):
    rules = django_filters.ChoiceFilter(label=_("Regelsæt"), method="filter_rules", empty_label=None)
    season = django_filters.ModelChoiceFilter(label=_("Sæson"), queryset=Season.objects.none(), empty_label=_("alle"),
                                              method="filter_season")
    date_from = django_filters.DateFilter(field_name="date", lookup_expr="gte", label=_("Fra"),
                                          widget=forms.DateInput(attrs={"type": "date"}))
    date_to = django_filters.DateFilter(field_name="date", lookup_expr="lte", label=_("Til"),
                                        widget=forms.DateInput(attrs={"type": "date"}))
    include_open = django_filters.BooleanFilter(label=_("Medtag åbne aftener"), method="filter_open",
                                                widget=forms.CheckboxInput)

    class Meta:
        model = Evening
        fields = ["season", "date_from", "date_to", "include_open"]

    def __init__(self, data=None, *args, club=None, rule_sets=(), rules=None, **kwargs):
        """``rule_sets``: (name, label) of every rule set the club has played; with more than one
        the filter offers a picker, defaulting to ``rules`` (``standings.standings_rules``), and
        covers the evenings with a table of the chosen rule set. With one there is no picker."""
        if data is not None and len(rule_sets) > 1 and data.get("rules") not in dict(rule_sets):
            data = data.copy()
            data["rules"] = rules
        super().__init__(data, *args, **kwargs)
        self.filters["season"].queryset = Season.objects.filter(club=club)
        self.club = club
        self.default_rules = rules
        if len(rule_sets) > 1:
            self.filters["rules"].extra["choices"] = list(rule_sets)
            self.filters = {"rules": self.filters.pop("rules"), **self.filters}   # the picker first
        else:
            del self.filters["rules"]

    @property
    def chosen_rules(self) -> str | None:
        """The rule set chosen (the default when none or an unknown one was asked for)."""
        if "rules" in self.filters and self.is_valid():
            return self.form.cleaned_data.get("rules") or self.default_rules
        return self.default_rules

    @property
    def qs(self):
        evenings = super().qs
        if not self.form.cleaned_data.get("include_open"):
            evenings = evenings.filter(closed_at__isnull=False)
        if "rules" not in self.filters and self.default_rules:
            evenings = self.filter_rules(evenings, "rules", self.default_rules)
        return evenings

    def filter_season(self, queryset, name, value):
        """The season's evenings, by its dates (``Season.evenings_q``)."""
        return queryset.filter(value.evenings_q()) if value else queryset

    def filter_open(self, queryset, name, value):
        return queryset  # applied in ``qs``: closed evenings only unless asked

    def filter_rules(self, queryset, name, value):
        """The evenings with a table of the rule set ``value``."""
        return queryset.filter(pk__in=Table.objects.filter(rules=value).values("evening_id")) if value else queryset
